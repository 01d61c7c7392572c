import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { validationFailed } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { itemResult } from '../../values/results.ts';
import { buyerFields } from './billing.fields.ts';
import { issue } from './billing.issue.ts';
import { documentRecord } from './billing.results.ts';
import { admissionDraft, appointmentDraft } from './billing.sources.ts';

/**
 * Issues the tax invoice (or bill of supply, when nothing on it is taxed) of an admission's charges
 * not billed yet, or of an appointment's fee. Numbered in its series and financial year; never
 * changed afterwards (docs/billing.md).
 */
export const issueInvoice = defineOperation({
  namespace: 'billing',
  name: 'issueInvoice',
  audience: member(),
  summary: "Issue the invoice of an admission's unbilled charges or of an appointment's fee (a bill of supply when nothing on it is taxed)",
  writes: true,
  input: z.object({
    organizationId: id(),
    admissionId: id().nullish().describe('bill the charges of this admission that no live invoice bills yet'),
    appointmentId: id().nullish().describe("bill this appointment's consultation fee"),
    ...buyerFields,
  }),
  output: itemResult(documentRecord),
  async handler(ctx, input) {
    const { organizationId } = input;
    if (!input.admissionId === !input.appointmentId) throw validationFailed('admissionId', 'give either admissionId or appointmentId');
    const draft = input.admissionId ? await admissionDraft(ctx, organizationId, input.admissionId, input) : await appointmentDraft(ctx, organizationId, input.appointmentId!, input);
    return { item: await issue(ctx, organizationId, draft) };
  },
});
