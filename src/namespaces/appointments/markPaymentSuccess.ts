import { self } from '../../operations/audience.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError, validationFailed } from '../../values/errors.ts';
import { id, ts } from '../../values/fields.ts';
import { money } from '../../values/money.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import type { Updateable } from 'kysely';
import { getRow, historyWith, toRecord } from './appointments.repo.ts';
import { assertMayEnter, historyEntry, saveChange } from './appointments.moves.ts';
import { assertInTime } from './appointments.timing.ts';
import type { AppointmentsTable } from './appointments.table.ts';
import { reclaimTime } from './appointments.booking.ts';
import { label } from './appointments.fields.ts';
import { ownerByAppointment } from './appointments.owners.ts';
import { assertMayRun, enteredStage, isActive, movedBy, MOVES, stageOf, WORKFLOW } from './appointments.status.ts';
import { out } from '../../values/results.ts';
import { appointmentRecord } from './appointments.results.ts';

const input = z.object({
  id: id(),
  organizationId: id(),
  amountPaid: money().nullish(),
  paidAt: ts().nullish(),
  paymentMethod: label().nullish(),
  gateway: label().nullish(),
  gatewayOrderId: label().nullish(),
  gatewayPaymentId: label().nullish(),
  gatewaySignature: z.string().trim().max(512).nullish(),
  checkoutSessionId: label().nullish(),
  status: z.enum(WORKFLOW.markPaymentSuccess.to, { error: `must be one of: ${WORKFLOW.markPaymentSuccess.to.join(', ')}` }).nullish(),
});
type Input = z.output<typeof input>;

/** hex HMAC-SHA256(secret, `${gatewayOrderId}|${gatewayPaymentId}`) */
export function paymentSignature(secret: string, gatewayOrderId: string, gatewayPaymentId: string): string {
  return createHmac('sha256', secret).update(`${gatewayOrderId}|${gatewayPaymentId}`).digest('hex');
}

/**
 * With PAYMENT_GATEWAY_SECRET set, the gateway's signature must match (VALIDATION_FAILED otherwise,
 * nothing changed). Without it, only staff of the organization confirm payments: a patient's own
 * account could otherwise mark its appointment paid with nothing paid.
 */
function verifySignature(ctx: Context, data: Input): void {
  const secret = ctx.config.appointments.paymentGatewaySecret;
  if (!secret) {
    if (ctx.asOwner) {
      throw new AppError('FORBIDDEN', 'a patient confirms a payment only with the gateway\'s signature, and PAYMENT_GATEWAY_SECRET is not set: the staff confirm it');
    }
    return;
  }
  for (const field of ['gatewayOrderId', 'gatewayPaymentId', 'gatewaySignature'] as const) {
    if (!data[field]) throw validationFailed(field, 'is required: payments are verified by the gateway\'s signature');
  }
  const expected = Buffer.from(paymentSignature(secret, data.gatewayOrderId!, data.gatewayPaymentId!), 'utf8');
  const given = Buffer.from(data.gatewaySignature!.toLowerCase(), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw validationFailed('gatewaySignature', 'does not match the payment (HMAC-SHA256 of gatewayOrderId|gatewayPaymentId)');
  }
}

/**
 * Confirms a payment: paymentStatus `paid`, amountPaid (default the consultation fee), paidAt
 * (default now), method and gateway references, and the status moved forward (default
 * `confirmed`; a move into a stage a workflow operation makes needs its roles and is kept in
 * `history` like it, as is the move to confirmed). The same gateway payment reported again answers the record unchanged; another
 * payment on a paid appointment is CONFLICT. A pending hold that expired is paid only if its time
 * is still free (CONFLICT otherwise). Called by the appointment's patient (the account linked to its
 * record) or the staff.
 */
export const markPaymentSuccess = defineOperation({
  namespace: 'appointments',
  name: 'markPaymentSuccess', audience: self(ownerByAppointment('id')),
  summary: 'Record a successful payment and confirm the appointment (gateway signature verified when configured)',
  writes: true,
  input,
  output: z.object({ item: appointmentRecord, alreadyRecorded: out.bool() }),
  async handler(ctx, data) {
    verifySignature(ctx, data);
    const current = await getRow(ctx.db, data.organizationId, data.id);
    if (current.paymentStatus === 'paid') {
      if (data.gatewayPaymentId && data.gatewayPaymentId === current.gatewayPaymentId) return { item: toRecord(current), alreadyRecorded: true };
      throw new AppError('CONFLICT', 'this appointment is already paid by another payment');
    }
    assertMayRun('markPaymentSuccess', current);
    const status = data.status ?? (MOVES[stageOf(current)].includes('confirmed') ? 'confirmed' : current.status);
    const entered = enteredStage(current, status);
    if (entered) {
      assertMayEnter(ctx, data.organizationId, entered);
      await assertInTime(ctx, data.organizationId, entered, current);
    }
    const now = ctx.now();
    if (!isActive(current, now)) await reclaimTime(ctx, current);
    const changes: Updateable<AppointmentsTable> = {
      paymentStatus: 'paid',
      amountPaid: data.amountPaid ?? current.consultationFee,
      paidAt: data.paidAt ?? now,
      paymentMethod: data.paymentMethod ?? current.paymentMethod,
      gateway: data.gateway ?? null,
      gatewayOrderId: data.gatewayOrderId ?? null,
      gatewayPaymentId: data.gatewayPaymentId ?? null,
      checkoutSessionId: data.checkoutSessionId ?? null,
      status,
      stage: entered ?? stageOf(current),
      holdExpiresAt: null,
      updatedAt: now,
    };
    if (entered) changes.history = historyWith(current, historyEntry(ctx, current, movedBy(entered) ?? 'markPaymentSuccess', null));
    return { item: await saveChange(ctx, current, changes, { entered, reason: null }), alreadyRecorded: false };
  },
});
