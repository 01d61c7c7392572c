import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { matchingRows } from '../../db/queries/matching-rows.ts';
import { actorOf } from '../../caller/actor.ts';
import type { Context } from '../../operations/operation.ts';
import { AppError } from '../../values/errors.ts';
import { newId } from '../../values/ids.ts';
import { appendLogs } from '../admissionLogs/admissionLogs.public.ts';
import { fromMinor } from '../../values/money.ts';
import { activeTotalMinor } from './admissions.bill.ts';
import { chargesOfAdmission } from './admissions.charges.ts';
import type { AdmissionRecord } from './admissions.resource.ts';
import type { AdmissionPaymentsTable } from './admissions.table.ts';
import { emit } from '../../events/events.ts';

export { PAYMENT_METHODS } from './admissions.table.ts';

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
  return matchingRows(db, 'admissionPayments', { organizationId, admissionId }, { by: ['receivedAt'] }).execute();
}

/** One payment or refund of the organization, by id. */
export async function findPayment(db: Db, organizationId: string, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('admissionPayments').selectAll().where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

/** Payments less refunds, in minor units. */
export function netPaid(rows: readonly Pick<PaymentRow, 'amount'>[]): number {
  return rows.reduce((sum, row) => sum + Number(row.amount), 0);
}

/** The advance held, in minor units: the sum of the advance's ledger (admissionAdvances), never the column. */
export async function advanceHeld(db: Db, organizationId: string, admissionId: string): Promise<number> {
  const row = await db
    .selectFrom('admissionAdvances')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
    .where('organizationId', '=', organizationId)
    .where('admissionId', '=', admissionId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * What the admission still owes, in minor units: its active charges, less the advance and the
 * payments net of refunds, as recorded (below zero: money owed back to the patient). Computed,
 * never stored.
 */
export async function amountDue(db: Db, admission: Pick<AdmissionRecord, 'organizationId' | 'id'>): Promise<number> {
  const [charges, advance, payments] = await Promise.all([
    chargesOfAdmission(db, admission.organizationId, admission.id),
    advanceHeld(db, admission.organizationId, admission.id),
    paymentsOf(db, admission.organizationId, admission.id),
  ]);
  return activeTotalMinor(charges) - advance - netPaid(payments);
}

/**
 * amountDue as one SQL expression, of the admission row of the enclosing query named `admissions`
 * (a correlated subquery per ledger, through their organizationId-admissionId indexes): what a
 * search filters on, where amountDue would be one round trip per row.
 */
export function amountDueSql(admissions = 'admissions'): RawBuilder<number | string> {
  const of = (table: 'admissionCharges' | 'admissionAdvances' | 'admissionPayments', also = sql``) =>
    sql`coalesce((select sum(${sql.ref('ledger.amount')}) from ${sql.table(table)} as ${sql.ref('ledger')} where ${sql.ref('ledger.organizationId')} = ${sql.ref(`${admissions}.organizationId`)} and ${sql.ref('ledger.admissionId')} = ${sql.ref(`${admissions}.id`)}${also}), 0)`;
  return sql<number | string>`(${of('admissionCharges', sql` and ${sql.ref('ledger.voidedAt')} is null`)} - ${of('admissionAdvances')} - ${of('admissionPayments')})`;
}

/** What a payment or refund gives; amount in minor units, negative for a refund. */
export type PaymentInput = Pick<PaymentRow, 'amount' | 'method' | 'reference' | 'reason' | 'refundOf'> & { receivedAt?: number | null | undefined };

/**
 * A payment whose reference (a receipt, a UPI or card transaction) is already recorded for the
 * admission, in the same direction, is CONFLICT naming that payment: the same money entered twice
 * (by two people, or a retry) is not two payments. The admission is locked, so two cannot pass at once.
 */
async function refuseRecordedReference(db: Db, admission: AdmissionRecord, input: PaymentInput): Promise<void> {
  const reference = input.reference;
  if (!reference) return;
  const recorded = await db
    .selectFrom('admissionPayments')
    .select(['id', 'amount'])
    .where('organizationId', '=', admission.organizationId)
    .where('admissionId', '=', admission.id)
    .where('reference', '=', reference)
    .where('amount', input.amount < 0 ? '<' : '>', 0)
    .executeTakeFirst();
  if (!recorded) return;
  const what = input.amount < 0 ? 'refund' : 'payment';
  throw new AppError('CONFLICT', `a ${what} with reference ${reference} is already recorded for this admission (${recorded.id})`, {
    details: [{ path: 'reference', message: `already recorded for this admission`, recordId: recorded.id }],
  });
}

/**
 * Writes a payment (or refund) of a locked admission, logs it (PAYMENT_RECORDED or REFUND_RECORDED
 * with the amount) and answers it with the balance due after it.
 */
export async function writePayment(ctx: Context, admission: AdmissionRecord, input: PaymentInput): Promise<{ item: PaymentRecord; balanceDue: number }> {
  const now = ctx.now();
  const actor = actorOf(ctx.membership);
  const { receivedAt, ...fields } = input;
  await refuseRecordedReference(ctx.db, admission, input);
  const item = await insertPayment(ctx.db, {
    id: newId(),
    organizationId: admission.organizationId,
    admissionId: admission.id,
    patientId: admission.patientId,
    ...fields,
    receivedByUserId: actor?.userId ?? null,
    receivedAt: receivedAt ?? now,
    createdAt: now,
  });
  const refund = input.amount < 0;
  const notes = `${fromMinor(Math.abs(input.amount)).toFixed(2)} by ${input.method}${refund ? `: ${String(input.reason)}` : ''}`;
  await appendLogs(ctx.db, admission, actor, [{ event: refund ? 'REFUND_RECORDED' : 'PAYMENT_RECORDED', notes }], now);
  const balanceDue = fromMinor(await amountDue(ctx.db, admission));
  await emit(ctx.db, ctx, admission.organizationId, 'payment.recorded', { payment: item, admissionId: admission.id, refund, balanceDue });
  return { item, balanceDue };
}
