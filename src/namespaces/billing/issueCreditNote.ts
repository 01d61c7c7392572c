import { z } from 'zod';
import { serialiseOn } from '../../db/locks.ts';
import { member } from '../../operations/audience.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import { AppError, validationFailed } from '../../values/errors.ts';
import { id, reqStr } from '../../values/fields.ts';
import { fromJsonText } from '../../values/record.ts';
import { itemResult } from '../../values/results.ts';
import { findPayment, type PaymentRow } from '../admissions/admissions.public.ts';
import { creditedQuantities, creditLines } from './billing.credits.ts';
import { issue, type Draft } from './billing.issue.ts';
import { lockDocument } from './billing.locks.ts';
import { isInvoice, loadDocument, type StoredDocument } from './billing.read.ts';
import { partQuantity } from './billing.fields.ts';
import { documentRecord } from './billing.results.ts';
import type { BuyerSnapshot, SellerSnapshot } from './billing.table.ts';

const creditedLine = z.object({
  position: z.int().min(0).max(100_000).describe("the invoice's line (its position)"),
  quantity: partQuantity().nullish().describe('part of its quantity (at most three decimals); omitted: all that is left of the line'),
});

const creditedLines = z
  .array(creditedLine)
  .min(1)
  .max(200)
  .superRefine((lines, check) => {
    lines.forEach((line, i) => {
      if (lines.findIndex((other) => other.position === line.position) !== i) check.addIssue({ code: 'custom', path: [i, 'position'], message: 'is asked for twice' });
    });
  });

/** A snapshot the document stores (written by issue(), so always readable). */
function snapshot<T>(stored: string): T {
  const value = fromJsonText<T>(stored);
  if (value === null) throw new Error('a stored party snapshot cannot be read');
  return value;
}

/**
 * The refund a credit note records: a refund of the invoice's admission, named by no other live
 * credit note (locked, so two notes cannot both name it).
 */
async function refundFor(ctx: Context, organizationId: string, invoice: StoredDocument, refundPaymentId: string): Promise<PaymentRow> {
  await serialiseOn(ctx.db, ctx.dialect, `billing:refund:${organizationId}:${refundPaymentId}`);
  const refund = await findPayment(ctx.db, organizationId, refundPaymentId);
  const ofInvoice = refund && invoice.row.sourceType === 'admission' && refund.admissionId === invoice.row.sourceId;
  if (!refund || !ofInvoice || Number(refund.amount) >= 0) throw validationFailed('refundPaymentId', `is not a refund of the admission ${invoice.row.number} bills`);
  const other = await ctx.db
    .selectFrom('billingDocuments as d')
    .leftJoin('billingCancellations as c', 'c.documentId', 'd.id')
    .select('d.number')
    .where('d.organizationId', '=', organizationId)
    .where('d.kind', '=', 'CREDIT_NOTE')
    .where('d.reference', '=', refund.id)
    .where('c.documentId', 'is', null)
    .executeTakeFirst();
  if (other) throw new AppError('CONFLICT', `this refund is recorded by a credit note already: ${other.number}`);
  return refund;
}

/**
 * Issues a credit note against a live invoice (or bill of supply): all that is not credited yet of
 * its lines, or the lines (and quantities) given; taxed as the invoice was, never more than it
 * billed. The invoice's balance goes down by it (docs/billing.md "Credit notes").
 */
export const issueCreditNote = defineOperation({
  namespace: 'billing',
  name: 'issueCreditNote',
  audience: member(),
  summary: 'Issue a credit note against an invoice: its lines not credited yet, or those given (part of a quantity), taxed as the invoice was',
  writes: true,
  input: z.object({
    organizationId: id(),
    invoiceId: id(),
    reason: reqStr().max(500),
    lines: creditedLines.optional().describe("the invoice's lines to credit; omitted: every line not credited yet"),
    refundPaymentId: id().nullish().describe('the refund (admissions.refundPayment) that pays the credit back, recorded as its reference'),
  }),
  output: itemResult(documentRecord),
  async handler(ctx, input) {
    const { organizationId } = input;
    await lockDocument(ctx, organizationId, input.invoiceId);
    const invoice = await loadDocument(ctx.db, organizationId, input.invoiceId);
    const { row } = invoice;
    if (!isInvoice(row.kind)) throw new AppError('INVALID_STATE', `${row.number} is not an invoice: only a tax invoice or a bill of supply is credited`);
    if (invoice.cancellation) throw new AppError('INVALID_STATE', `${row.number} is cancelled`);
    const lines = creditLines(invoice, await creditedQuantities(ctx.db, organizationId, row.id), input.lines);
    const refund = input.refundPaymentId ? await refundFor(ctx, organizationId, invoice, input.refundPaymentId) : null;
    const seller = snapshot<SellerSnapshot>(row.seller);
    const draft: Draft = {
      kind: 'CREDIT_NOTE',
      sourceType: 'invoice',
      sourceId: row.id,
      againstId: row.id,
      patientId: row.patientId,
      subject: `Credit note against ${row.number} of ${row.issueDate}`,
      buyer: snapshot<BuyerSnapshot>(row.buyer),
      lines,
      taxedAs: {
        regime: row.taxRegime === 'in_gst' ? 'in_gst' : 'none',
        supply: { sellerState: seller.gstin ? seller.gstin.slice(0, 2) : null, placeOfSupply: row.placeOfSupply },
        seller,
        logoSha256: row.logoSha256,
      },
      roundedOn: { total: invoice.applied.creditedTotal, grandTotal: invoice.applied.credited },
      grandTotalAtMost: { amount: Number(row.grandTotal) - invoice.applied.credited, refusal: `more than ${row.number} billed would be credited` },
      paidBefore: () => 0,
      method: refund?.method ?? null,
      reference: refund?.id ?? null,
      refunded: refund ? -Number(refund.amount) : null,
      notes: [`Reason: ${input.reason}`],
    };
    return { item: await issue(ctx, organizationId, draft) };
  },
});
