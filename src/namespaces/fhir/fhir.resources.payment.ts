import { dateIn } from '../../time/zone.ts';
import { compact, instant, moneyOfMinor, RECORD_ID_SYSTEM, str, type FhirResource } from './fhir.resources.ts';

type Row = Record<string, unknown>;

/** The identifier system of a payment's reference (a receipt number, a UPI or card transaction id: what the payer's side knows it by). */
export const PAYMENT_REFERENCE_SYSTEM = 'urn:healthops:payment-reference';

/** http://terminology.hl7.org/CodeSystem/payment-type: each payment or refund is one `payment` of the account. */
const PAYMENT_TYPE = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/payment-type', code: 'payment', display: 'Payment' }] };

/** The payment (or refund) itself as the payment record's id, which is also its PaymentReconciliation's id. */
const recordId = (id: unknown) => ({ system: RECORD_ID_SYSTEM, value: String(id) });

/**
 * A payment received against an admission, or a refund (a negative amount), as a
 * PaymentReconciliation (docs/fhir.md, "PaymentReconciliation"): one per payment record, allocated
 * whole to the admission's account. The payment's date is the organization's day of `receivedAt`.
 */
export function paymentReconciliationResource(row: Row, timeZone: string): FhirResource<'PaymentReconciliation'> {
  const amount = moneyOfMinor(row.amount);
  const paymentDate = dateIn(timeZone, Number(row.receivedAt));
  const reference = str(row.reference) ? { system: PAYMENT_REFERENCE_SYSTEM, value: str(row.reference) } : undefined;
  const refund = Number(row.amount) < 0;
  return compact({
    resourceType: 'PaymentReconciliation',
    id: String(row.id),
    // Payments are append-only: recorded once, never changed.
    meta: { lastUpdated: instant(row.createdAt) },
    identifier: reference ? [reference] : [],
    status: 'active',
    created: instant(row.createdAt),
    requestor: str(row.receivedByUserId) ? { reference: `Practitioner/${String(row.receivedByUserId)}` } : undefined,
    outcome: 'complete',
    disposition: refund ? `Refund by ${String(row.method)}${str(row.reason) ? `: ${String(row.reason)}` : ''}` : `Payment by ${String(row.method)}`,
    paymentDate,
    paymentAmount: amount,
    paymentIdentifier: reference,
    detail: [
      compact({
        identifier: recordId(row.id),
        predecessor: str(row.refundOf) ? recordId(row.refundOf) : undefined,
        type: PAYMENT_TYPE,
        // The admission's billing account (types/account.ts): its id is the admission's.
        request: { reference: `Account/${String(row.admissionId)}` },
        date: paymentDate,
        payee: { reference: `Organization/${String(row.organizationId)}` },
        amount,
      }),
    ],
  }) as FhirResource<'PaymentReconciliation'>;
}
