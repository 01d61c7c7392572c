import { z } from 'zod';
import { out } from '../../values/results.ts';
import { organizationRecordKey, writeTimes } from '../../values/result-fields.ts';
import { charges } from './admissions.charges.ts';
import { PAYMENT_METHODS } from './admissions.payments.ts';

/**
 * Result schemas of the admissions operations (src/values/results.ts), as the code maps rows. An
 * admission record is `admissions.schemas.record` (admissions.resource.ts).
 */

/** A charge of an admission's bill (toChargeRecord): money with two decimals, taxPercent a percentage. */
export const chargeRecord = charges.schemas.record;

/** A payment or refund (toPaymentRecord): `amount` with two decimals, negative for a refund. */
export const paymentRecord = out
  .record({
    ...organizationRecordKey(),
    admissionId: out.id(),
    patientId: out.id(),
    amount: out.number(),
    method: z.enum(PAYMENT_METHODS),
    reference: out.text().nullable(),
    /** required for a refund */
    reason: out.text().nullable(),
    refundOf: out.id().nullable(),
    receivedByUserId: out.id().nullable(),
    receivedAt: out.ts(),
    createdAt: out.ts(),
  })
  .meta({ title: 'admissionPayment' });

/** A payment written, with the balance due after it (writePayment). */
export const paymentWritten = z.object({ item: paymentRecord, balanceDue: out.number() });

/** A row of the admission's log, as admissionLogs maps it (`source: system` rows are the workflow's). */
export const admissionLogRecord = out
  .record({
    ...organizationRecordKey(),
    admissionId: out.id(),
    patientId: out.id(),
    event: out.text(),
    /** null when the change came without a token */
    performedByUserId: out.id().nullable(),
    performedByRole: out.text().nullable(),
    notes: out.text().nullable(),
    source: z.enum(['system', 'manual']),
    ...writeTimes(),
  })
  .meta({ title: 'admissionLog' });

/** Sums of charges as billOf shows them (admissions.bill.ts `shown`). */
const sums = { count: out.int(), subtotal: out.number(), taxAmount: out.number(), totalAmount: out.number() };

/** The figures of an admission's bill (billOf): spread into the answers that show a bill. */
export const billShape = {
  totals: z.object(sums),
  byChargeType: z.array(z.object({ chargeType: out.text(), ...sums })),
  voided: z.object(sums),
  advancePaid: out.number(),
  paymentsReceived: out.number(),
  /** below zero: money owed back to the patient */
  balanceDue: out.number(),
};
