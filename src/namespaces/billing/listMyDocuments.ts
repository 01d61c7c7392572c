import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import type { Db } from '../../db/database.ts';
import { self } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';
import { paging } from '../../values/fields.ts';
import { offsetOf, pageOf } from '../../values/paging.ts';
import { pageResult } from '../../values/results.ts';
import { appliedTo, cancellationsOf, toDocumentSummary, type DocumentRow, NOTHING_APPLIED } from './billing.read.ts';
import { documentSummary } from './billing.results.ts';

/**
 * The calling person's own billing documents, in every organization that has a patient record
 * linked to their account (accepted links only), newest first, without their lines: each is
 * downloaded with billing.downloadDocument.
 */
export const listMyDocuments = defineOperation({
  namespace: 'billing',
  name: 'listMyDocuments',
  audience: self(),
  tokenRequired: true,
  summary: 'My billing documents (of the patient records linked to my account, in every organization), newest first',
  readsPatientData: true,
  reads: itemsReads(byPatientId),
  input: z.object({ ...paging }),
  output: pageResult(documentSummary),
  async handler(ctx, input) {
    // tokenRequired: the caller is signed in.
    const idpUserId = callerId(ctx.caller)!;
    const mine = ctx.db
      .selectFrom('billingDocuments as d')
      .innerJoin('patients as p', (join) => join.onRef('p.id', '=', 'd.patientId').onRef('p.organizationId', '=', 'd.organizationId'))
      .where('p.idpUserId', '=', idpUserId);
    const [rows, counted] = await Promise.all([
      mine.selectAll('d').orderBy('d.issuedAt', 'desc').orderBy('d.id', 'desc').limit(input.pageSize).offset(offsetOf(input.page, input.pageSize)).execute(),
      mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = await summariesOf(ctx.db, rows);
    return pageOf(items, Number(counted.n), input.page, input.pageSize);
  },
});

/** The rows as summaries with their cancellations and what applies to them, read per organization. */
async function summariesOf(db: Db, rows: DocumentRow[]) {
  const byOrganization = Map.groupBy(rows, (row) => row.organizationId);
  const states = await Promise.all(
    [...byOrganization].map(async ([organizationId, ofOrganization]) => {
      const ids = ofOrganization.map((row) => row.id);
      return Promise.all([cancellationsOf(db, organizationId, ids), appliedTo(db, organizationId, ids)]);
    }),
  );
  const cancellations = new Map(states.flatMap(([found]) => [...found]));
  const applied = new Map(states.flatMap(([, found]) => [...found]));
  return rows.map((row) => toDocumentSummary({ row, lines: [], cancellation: cancellations.get(row.id) ?? null, applied: applied.get(row.id) ?? NOTHING_APPLIED }));
}
