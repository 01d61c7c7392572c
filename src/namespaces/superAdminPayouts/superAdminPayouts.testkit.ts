import { clinic, type Clinic } from '../appointments/appointments.testkit.ts';
import { signIn, type SignedIn } from '../../../test/builders.ts';
import { ok, type TestApp } from '../../../test/harness.ts';

/** Builders for the superAdminPayouts tests. */

/** Every field of a payout item, in alphabetical order. */
export const PAYOUT_FIELDS = [
  'commissionAmount', 'commissionPercent', 'createdAt', 'gatewayCharge', 'gatewayFundAccountId', 'gatewayPayoutId', 'grossAmount', 'id',
  'netPayout', 'notes', 'organizationId', 'paymentIds', 'payoutCharge', 'processedAt', 'processedByUserId', 'status', 'updatedAt',
];

/** The body of a create whose figures agree: 1000.10 at 12.5 % = 125.01 (125.0125 rounded), net 850.09. */
export function payout(organizationId: string, data: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    organizationId,
    grossAmount: 1000.1,
    commissionPercent: 12.5,
    commissionAmount: 125.01,
    gatewayCharge: 20,
    payoutCharge: 5,
    netPayout: 850.09,
    status: 'REQUESTED',
    ...data,
  };
}

const booked = new Map<string, number>();

/**
 * Appointments of the clinic with the given amounts paid (paymentStatus `paid` unless told), each
 * at its own half hour so that none clash.
 */
export async function collect(t: TestApp, c: Clinic, amounts: number[], paymentStatus = 'paid'): Promise<void> {
  for (const amountPaid of amounts) {
    const n = booked.get(c.org) ?? 0;
    booked.set(c.org, n + 1);
    const day = String(1 + Math.floor(n / 20)).padStart(2, '0');
    const minutes = 8 * 60 + (n % 20) * 30;
    const scheduledTime = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    ok(
      await t.call('appointments', 'create', {
        organizationId: c.org,
        patientId: c.patient,
        doctorId: c.doctor.userId,
        scheduledDate: `2030-01-${day}`,
        scheduledTime,
        duration: 30,
        type: 'consultation',
        paymentStatus,
        amountPaid,
      }),
    );
  }
}

/** A signed-in user with role `admin` in the organization: may read its payouts and request one. */
export function adminOf(t: TestApp, organizationId: string): Promise<SignedIn> {
  return signIn(t, { organizationId, roles: ['admin'] });
}

/** A clinic with an admin of its own, whose token the payout calls use. */
export interface PayoutClinic extends Clinic {
  admin: SignedIn;
}

/** A clinic (organization with a doctor, an admin and patients) that has collected the given amounts. */
export async function clinicWith(t: TestApp, amounts: number[]): Promise<PayoutClinic> {
  const c = await clinic(t);
  await collect(t, c, amounts);
  return { ...c, admin: await adminOf(t, c.org) };
}
