import type { Db } from '../../db/database.ts';
import { serialiseOn } from '../../db/locks.ts';
import type { Context } from '../../operations/operation.ts';
import { AppError } from '../../values/errors.ts';
import { admissions, advanceHeld, chargesOfAdmission, netPaid, paymentsOf } from '../admissions/admissions.public.ts';
import { getAppointmentRow } from '../appointments/appointments.public.ts';
import { amountsOf, services } from '../services/services.public.ts';
import type { Draft } from './billing.issue.ts';
import type { LineInput } from './billing.lines.ts';
import { buyerOf, type BuyerInput } from './billing.parties.ts';
import { appliedTo } from './billing.read.ts';

const INVOICE_KINDS = ['TAX_INVOICE', 'BILL_OF_SUPPLY'];

/** Live documents of the kinds (default: invoices and bills of supply) issued from a source, oldest first. */
export async function liveInvoicesOf(db: Db, organizationId: string, sourceType: string, sourceId: string, kinds: readonly string[] = INVOICE_KINDS) {
  return db
    .selectFrom('billingDocuments as d')
    .leftJoin('billingCancellations as c', 'c.documentId', 'd.id')
    .select(['d.id', 'd.number', 'd.grandTotal', 'd.paidBefore', 'd.issuedAt'])
    .where('d.organizationId', '=', organizationId)
    .where('d.sourceType', '=', sourceType)
    .where('d.sourceId', '=', sourceId)
    .where('d.kind', 'in', kinds)
    .where('c.documentId', 'is', null)
    .orderBy('d.issuedAt')
    .orderBy('d.id')
    .execute();
}

/** The ids of the source's records that a live invoice of it bills already. */
async function invoicedLines(db: Db, organizationId: string, documentIds: readonly string[]): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  const rows = await db.selectFrom('billingDocumentLines').select('sourceId').where('organizationId', '=', organizationId).where('documentId', 'in', documentIds).execute();
  return new Set(rows.map((row) => row.sourceId));
}

/**
 * A source is billed once (or receipted once, with `kinds`): the source's key is serialised for the
 * rest of the transaction, and a live document of it already is CONFLICT naming its number.
 */
export async function refuseSecond(ctx: Context, organizationId: string, source: { type: string; id: string; what: string }, kinds: readonly string[] = INVOICE_KINDS): Promise<void> {
  await serialiseOn(ctx.db, ctx.dialect, `billing:${source.type}:${organizationId}:${source.id}`);
  const [first] = await liveInvoicesOf(ctx.db, organizationId, source.type, source.id, kinds);
  if (first) throw new AppError('CONFLICT', `this ${source.what} is ${kinds.includes('RECEIPT') ? 'receipted' : 'billed'} already: ${first.number}`);
}

/** The SAC code and GST rate (basis points) of each service, by id: one read per service. */
export async function serviceTaxes(db: Db, organizationId: string, ids: readonly string[]): Promise<Map<string, { code: string | null; rate: number }>> {
  const taxes = new Map<string, { code: string | null; rate: number }>();
  for (const id of new Set(ids)) {
    const service = await services.repo.find(db, organizationId, id);
    taxes.set(id, { code: service?.sacCode ?? null, rate: service ? amountsOf(service).taxBasisPoints : 0 });
  }
  return taxes;
}

/** Money received is applied to a source's invoices in the order they were issued. */
const applyReceived = (received: number, earlierInvoices: number) => (grandTotal: number) => Math.max(0, Math.min(grandTotal, received - earlierInvoices));

/**
 * The money earlier invoices took: each its grand total, or more where receipts against it paid
 * more than that (the excess shows as owed back on it, so it is not counted again here).
 */
async function takenByInvoices(db: Db, organizationId: string, invoices: readonly { id: string; grandTotal: number; paidBefore: number }[]): Promise<number> {
  const applied = await appliedTo(db, organizationId, invoices.map((invoice) => invoice.id));
  return invoices.reduce((sum, invoice) => sum + Math.max(Number(invoice.grandTotal), Number(invoice.paidBefore) + (applied.get(invoice.id)?.received ?? 0)), 0);
}

/**
 * An admission's invoice: its active charges that no live invoice bills yet (an interim bill while
 * the patient is in, the final one after discharge). The admission is locked, so two invoices of
 * it are issued one after the other and no charge is billed twice.
 */
export async function admissionDraft(ctx: Context, organizationId: string, admissionId: string, buyer: BuyerInput): Promise<Draft> {
  const admission = await admissions.repo.lock(ctx.db, ctx.dialect, organizationId, admissionId);
  const invoices = await liveInvoicesOf(ctx.db, organizationId, 'admission', admission.id);
  const billed = await invoicedLines(ctx.db, organizationId, invoices.map((invoice) => invoice.id));
  const charges = (await chargesOfAdmission(ctx.db, organizationId, admission.id)).filter((charge) => charge.voidedAt === null && !billed.has(charge.id));
  if (charges.length === 0) {
    throw new AppError('INVALID_STATE', invoices.length > 0 ? `every charge of this admission is billed already (${invoices.map((i) => i.number).join(', ')})` : 'this admission has no charges to bill');
  }
  const taxes = await serviceTaxes(ctx.db, organizationId, charges.map((charge) => charge.serviceId));
  const lines: LineInput[] = charges.map((charge) => ({
    description: charge.notes ? `${charge.serviceName} (${charge.notes.slice(0, 100)})` : charge.serviceName,
    code: taxes.get(charge.serviceId)?.code ?? null,
    quantity: Number(charge.quantity),
    unitPrice: Number(charge.unitPrice),
    discount: 0,
    taxRate: Number(charge.taxPercent),
    exempt: Number(charge.taxPercent) === 0,
    sourceType: 'admissionCharge',
    sourceId: charge.id,
  }));
  const [advance, payments] = await Promise.all([advanceHeld(ctx.db, organizationId, admission.id), paymentsOf(ctx.db, organizationId, admission.id)]);
  const earlier = await takenByInvoices(ctx.db, organizationId, invoices);
  const final = admission.dischargedAt !== null;
  return {
    kind: 'INVOICE',
    sourceType: 'admission',
    sourceId: admission.id,
    againstId: null,
    patientId: admission.patientId,
    subject: `${final ? 'Final' : 'Interim'} bill of admission ${admission.id}`,
    buyer: await buyerOf(ctx.db, organizationId, admission.patientId, buyer),
    lines,
    paidBefore: applyReceived(advance + netPaid(payments), earlier),
  };
}

/** The fee's value before tax, where the fee includes the service's tax (appointments.booking.ts feeOf). */
export function beforeTax(fee: number, basisPoints: number): number {
  const value = (BigInt(fee) * 20000n + BigInt(10000 + basisPoints)) / (2n * BigInt(10000 + basisPoints));
  return Number(value);
}

/** An appointment's invoice: its consultation fee, once (a second is CONFLICT naming the first). */
export async function appointmentDraft(ctx: Context, organizationId: string, appointmentId: string, buyer: BuyerInput): Promise<Draft> {
  const appointment = await getAppointmentRow(ctx.db, organizationId, appointmentId);
  await refuseSecond(ctx, organizationId, { type: 'appointment', id: appointment.id, what: 'appointment' });
  if (appointment.stage === 'cancelled') throw new AppError('INVALID_STATE', 'a cancelled appointment is not billed');
  const fee = Number(appointment.consultationFee ?? 0);
  if (fee <= 0) throw new AppError('INVALID_STATE', 'this appointment has no consultation fee to bill');
  const service = appointment.serviceId ? await services.repo.find(ctx.db, organizationId, appointment.serviceId) : undefined;
  const rate = service ? amountsOf(service).taxBasisPoints : 0;
  const paid = appointment.paymentStatus === 'paid' ? Number(appointment.amountPaid ?? fee) : 0;
  return {
    kind: 'INVOICE',
    sourceType: 'appointment',
    sourceId: appointment.id,
    againstId: null,
    patientId: appointment.patientId,
    subject: `Appointment on ${appointment.scheduledDate} at ${appointment.scheduledTime}`,
    buyer: await buyerOf(ctx.db, organizationId, appointment.patientId, buyer),
    lines: [
      {
        description: service ? service.name : 'Consultation',
        code: service?.sacCode ?? null,
        quantity: 1,
        unitPrice: rate > 0 ? beforeTax(fee, rate) : fee,
        discount: 0,
        taxRate: rate,
        exempt: rate === 0,
        sourceType: 'appointment',
        sourceId: appointment.id,
      },
    ],
    paidBefore: (grandTotal) => Math.min(grandTotal, paid),
  };
}
