import type { Db } from '../../db/database.ts';
import type { ReadRecord, Reads } from '../../operations/reads.ts';

/** Request id -> its patient (the person's idpUserId, as a request's patientId is). */
async function requestPatients(db: Db, requestIds: readonly string[]): Promise<ReadonlyMap<string, string>> {
  const rows = await db.selectFrom('prescriptionRequests').select(['id', 'patientId']).where('id', 'in', requestIds).execute();
  return new Map(rows.map((row) => [row.id, row.patientId]));
}

const ofRequest = (id: string, requestId: string, organizationId: string | null = null): ReadRecord => ({ id, organizationId, patientId: null, via: requestId });

/** List summaries name their request (`prescriptionId`) but not its patient. */
export const summaryReads: Reads<{ items: readonly { prescriptionId: string }[] }> = {
  records: (result) => result.items.map((summary) => ofRequest(summary.prescriptionId, summary.prescriptionId)),
  resolve: requestPatients,
};

/** Quotes name their request. */
export const quoteReads: Reads<{ items: readonly { id: string; organizationId: string; prescriptionRequestId: string }[] }> = {
  records: (result) => result.items.map((quote) => ofRequest(quote.id, quote.prescriptionRequestId, quote.organizationId)),
  resolve: requestPatients,
};
