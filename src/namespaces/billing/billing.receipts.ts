import type { Context } from '../../operations/operation.ts';
import { AppError, notFound } from '../../values/errors.ts';
import { admissions, findPayment, type PaymentRow } from '../admissions/admissions.public.ts';
import { getAppointmentRow } from '../appointments/appointments.public.ts';
import type { Draft } from './billing.issue.ts';
import { lockDocument } from './billing.locks.ts';
import { buyerOf } from './billing.parties.ts';
import { balanceOf, loadDocument } from './billing.read.ts';
import { liveInvoicesOf, refuseSecond } from './billing.sources.ts';

const RECEIPTS = ['RECEIPT'];

/**
 * Locks the invoice and answers its balance, or null when it was cancelled meanwhile: a receipt and
 * a cancellation of one invoice run one after the other.
 */
async function lockedBalance(ctx: Context, organizationId: string, invoiceId: string): Promise<number | null> {
  await lockDocument(ctx, organizationId, invoiceId);
  const stored = await loadDocument(ctx.db, organizationId, invoiceId);
  return stored.cancellation ? null : (balanceOf(stored)?.balance ?? null);
}

/** Was the invoice issued before the payment was recorded (ties broken by the time-ordered ids)? */
const issuedBefore = (invoice: { id: string; issuedAt: number }, payment: PaymentRow) =>
  Number(invoice.issuedAt) < Number(payment.createdAt) || (Number(invoice.issuedAt) === Number(payment.createdAt) && invoice.id < payment.id);

/**
 * The admission's invoice a payment pays: the oldest live one, issued before the payment was
 * recorded, that still has a balance. An invoice issued after it counted it already (paidBefore),
 * so the receipt of such a payment is against none.
 */
async function invoicePaidBy(ctx: Context, organizationId: string, payment: PaymentRow): Promise<string | null> {
  const invoices = await liveInvoicesOf(ctx.db, organizationId, 'admission', payment.admissionId);
  for (const invoice of invoices.filter((i) => issuedBefore(i, payment))) {
    const balance = await lockedBalance(ctx, organizationId, invoice.id);
    if (balance !== null && balance > 0) return invoice.id;
  }
  return null;
}

/** The receipt of an admission's payment (a refund is refused: money paid back is a credit note's). */
export async function paymentReceiptDraft(ctx: Context, organizationId: string, paymentId: string): Promise<Draft> {
  const payment = await findPayment(ctx.db, organizationId, paymentId);
  if (!payment) throw notFound('payment');
  if (Number(payment.amount) <= 0) {
    throw new AppError('INVALID_STATE', 'this is a refund: money paid back is recorded by a credit note (billing.issueCreditNote with refundPaymentId), not a receipt');
  }
  // The admission's lock orders this receipt with its invoices: the choice of invoice below stays true.
  await admissions.repo.lock(ctx.db, ctx.dialect, organizationId, payment.admissionId);
  await refuseSecond(ctx, organizationId, { type: 'payment', id: payment.id, what: 'payment' }, RECEIPTS);
  return {
    kind: 'RECEIPT',
    sourceType: 'payment',
    sourceId: payment.id,
    againstId: await invoicePaidBy(ctx, organizationId, payment),
    patientId: payment.patientId,
    subject: `Payment for admission ${payment.admissionId}`,
    buyer: await buyerOf(ctx.db, organizationId, payment.patientId, {}),
    lines: [],
    amount: Number(payment.amount),
    paidBefore: () => 0,
    method: payment.method,
    reference: payment.reference,
  };
}

/**
 * The receipt of an appointment marked paid. It is against the appointment's live invoice only when
 * that invoice did not count the payment already (issued before it: paidBefore 0).
 */
export async function appointmentReceiptDraft(ctx: Context, organizationId: string, appointmentId: string): Promise<Draft> {
  const appointment = await getAppointmentRow(ctx.db, organizationId, appointmentId);
  if (appointment.paymentStatus !== 'paid') throw new AppError('INVALID_STATE', 'this appointment is not marked paid (appointments.markPaymentSuccess)');
  const amount = Number(appointment.amountPaid ?? appointment.consultationFee ?? 0);
  if (amount <= 0) throw new AppError('INVALID_STATE', 'this appointment was paid nothing');
  await refuseSecond(ctx, organizationId, { type: 'appointment', id: appointment.id, what: 'appointment' }, RECEIPTS);
  const [invoice] = await liveInvoicesOf(ctx.db, organizationId, 'appointment', appointment.id);
  const pays = invoice && Number(invoice.paidBefore) === 0 && (await lockedBalance(ctx, organizationId, invoice.id)) !== null;
  return {
    kind: 'RECEIPT',
    sourceType: 'appointment',
    sourceId: appointment.id,
    againstId: pays ? invoice.id : null,
    patientId: appointment.patientId,
    subject: `Payment for the appointment on ${appointment.scheduledDate} at ${appointment.scheduledTime}`,
    buyer: await buyerOf(ctx.db, organizationId, appointment.patientId, {}),
    lines: [],
    amount,
    paidBefore: () => 0,
    method: appointment.paymentMethod,
    reference: appointment.gatewayPaymentId ?? appointment.gatewayOrderId ?? null,
  };
}
