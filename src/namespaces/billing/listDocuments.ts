import { z } from 'zod';
import { pageOfQuery } from '../../db/paged-list.ts';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';
import { filter, id, paging } from '../../values/fields.ts';
import { checkDateRange, dateRangeFields, daysOf, oneOrMany } from '../../values/list-filters.ts';
import { pageResult } from '../../values/results.ts';
import { appliedTo, cancellationsOf, DOCUMENT_KINDS, toDocumentSummary, NOTHING_APPLIED } from './billing.read.ts';
import { documentSummary } from './billing.results.ts';



/** The organization's documents, newest first, by kind, patient, source, status and issue date. */
export const listDocuments = defineOperation({
  namespace: 'billing',
  name: 'listDocuments',
  audience: member(),
  summary: "The organization's billing documents, newest first, by kind, patient, source, status and issue date",
  readsPatientData: true,
  reads: itemsReads(byPatientId),
  input: z
    .object({
      organizationId: id(),
      kind: oneOrMany(DOCUMENT_KINDS, 'documents'),
      patientId: filter(id()),
      sourceType: filter(z.enum(['admission', 'appointment', 'payment', 'invoice'])),
      sourceId: filter(id()),
      status: filter(z.enum(['ISSUED', 'CANCELLED'])),
      ...dateRangeFields('documents issued'),
      ...paging,
    })
    .superRefine(checkDateRange),
  output: pageResult(documentSummary),
  async handler(ctx, input) {
    const { organizationId } = input;
    let query = ctx.db.selectFrom('billingDocuments').where('organizationId', '=', organizationId);
    if (input.kind) query = query.where('kind', 'in', input.kind);
    if (input.patientId !== undefined) query = query.where('patientId', '=', input.patientId);
    if (input.sourceType !== undefined) query = query.where('sourceType', '=', input.sourceType);
    if (input.sourceId !== undefined) query = query.where('sourceId', '=', input.sourceId);
    const days = daysOf(input);
    if (days) query = query.where('issueDate', '>=', days.from).where('issueDate', '<=', days.to);
    if (input.status !== undefined) {
      const wanted = input.status;
      query = query.where((eb) => {
        const cancelled = eb.exists(eb.selectFrom('billingCancellations as c').select('c.documentId').whereRef('c.documentId', '=', 'billingDocuments.id'));
        return wanted === 'CANCELLED' ? cancelled : eb.not(cancelled);
      });
    }
    const rows = query.selectAll().orderBy('issuedAt', 'desc').orderBy('id', 'desc');
    const page = await pageOfQuery(ctx.db, ['billingDocuments', 'billingCancellations'], query, rows, input.page, input.pageSize, (row) => row);
    const ids = page.items.map((row) => row.id);
    const [cancellations, applied] = await Promise.all([cancellationsOf(ctx.db, organizationId, ids), appliedTo(ctx.db, organizationId, ids)]);
    const items = page.items.map((row) =>
      toDocumentSummary({ row, lines: [], cancellation: cancellations.get(row.id) ?? null, applied: applied.get(row.id) ?? NOTHING_APPLIED }),
    );
    return { ...page, items };
  },
});
