import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fromMinor } from '../../values/money.ts';
import { activeTotalMinor, advanceOf } from './admissions.bill.ts';
import { chargesOfAdmission } from './admissions.charges.ts';
import type { AdmissionRecord } from './admissions.resource.ts';
import type { AdmissionPaymentsTable } from './admissions.table.ts';

/** How a payment was made. */
export const PAYMENT_METHODS = ['cash', 'card', 'upi', 'bank_transfer', 'insurance', 'other'] as const;

export type PaymentRow = Selectable<AdmissionPaymentsTable>;

/** A payment as the API shows it: amounts with two decimals (a refund negative). */
export type PaymentRecord = Omit<PaymentRow, 'amount' | 'receivedAt' | 'createdAt'> & { amount: number; receivedAt: number; createdAt: number };

export function toPaymentRecord(row: PaymentRow): PaymentRecord {
  return { ...row, amount: fromMinor(Number(row.amount)), receivedAt: Number(row.receivedAt), createdAt: Number(row.createdAt) };
}

export async function insertPayment(db: Db, row: PaymentRow): Promise<PaymentRecord> {
  await db.insertInto('admissionPayments').values(row).execute();
  return toPaymentRecord(row);
}

/** The payments and refunds of an admission, oldest first. */
export async function paymentsOf(db: Db, organizationId: string, admissionId: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('admissionPayments')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('admissionId', '=', admissionId)
    .orderBy('receivedAt')
    .orderBy('id')
    .execute();
}

/** Payments less refunds, in minor units. */
export function netPaid(rows: readonly Pick<PaymentRow, 'amount'>[]): number {
  return rows.reduce((sum, row) => sum + Number(row.amount), 0);
}

/**
 * What the admission still owes, in minor units: its active charges, less the advance and the
 * payments net of refunds (below zero: money owed back to the patient). Computed, never stored.
 */
export async function amountDue(db: Db, admission: Pick<AdmissionRecord, 'organizationId' | 'id' | 'advanceAmount'>): Promise<number> {
  const [charges, payments] = await Promise.all([chargesOfAdmission(db, admission.organizationId, admission.id), paymentsOf(db, admission.organizationId, admission.id)]);
  return activeTotalMinor(charges) - advanceOf(admission) - netPaid(payments);
}
