import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { validationFailed } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { itemResult } from '../../values/results.ts';
import { buyerFields } from './billing.fields.ts';
import { issue, type Draft } from './billing.issue.ts';
import { labOrderDraft } from './billing.sources.lab.ts';
import { quoteDraft } from './billing.sources.quote.ts';
import type { Context } from '../../operations/operation.ts';
import { documentRecord } from './billing.results.ts';
import { admissionDraft, appointmentDraft } from './billing.sources.ts';

/**
 * Issues the tax invoice (or bill of supply, when nothing on it is taxed) of an admission's charges
 * not billed yet, or of an appointment's fee. Numbered in its series and financial year; never
 * changed afterwards (docs/billing.md).
 */
/** The draft of the one source the input names. */
function draftOf(ctx: Context, input: InvoiceInput): Promise<Draft> {
  const named = SOURCES.filter((source) => input[source]);
  if (named.length !== 1) throw validationFailed(named[1] ?? 'admissionId', `give exactly one of ${SOURCES.join(', ')}`);
  const { organizationId } = input;
  if (input.admissionId) return admissionDraft(ctx, organizationId, input.admissionId, input);
  if (input.appointmentId) return appointmentDraft(ctx, organizationId, input.appointmentId, input);
  if (input.labOrderId) return labOrderDraft(ctx, organizationId, input.labOrderId, input);
  return quoteDraft(ctx, organizationId, input.quoteId!, input);
}

const SOURCES = ['admissionId', 'appointmentId', 'labOrderId', 'quoteId'] as const;

type InvoiceInput = { organizationId: string; buyerGstin?: string | null | undefined; placeOfSupply?: string | null | undefined } & { [K in (typeof SOURCES)[number]]?: string | null | undefined };

export const issueInvoice = defineOperation({
  namespace: 'billing',
  name: 'issueInvoice',
  audience: member(),
  summary: "Issue the invoice of an admission's unbilled charges, an appointment's fee, a lab order's tests or an accepted pharmacy quote (a bill of supply when nothing on it is taxed)",
  writes: true,
  input: z.object({
    organizationId: id(),
    admissionId: id().nullish().describe('bill the charges of this admission that no live invoice bills yet'),
    appointmentId: id().nullish().describe("bill this appointment's consultation fee"),
    labOrderId: id().nullish().describe("bill this lab order's priced tests (not one charged to an admission)"),
    quoteId: id().nullish().describe('a pharmacy: bill this accepted prescription marketplace quote'),
    ...buyerFields,
  }),
  output: itemResult(documentRecord),
  async handler(ctx, input) {
    const { organizationId } = input;
    return { item: await issue(ctx, organizationId, await draftOf(ctx, input)) };
  },
});
