import type { Db } from '../../db/database.ts';
import type { PatientVia } from '../../operations/reads.ts';

/** Lab order id -> its patient: the read log's resolver for records that name only their lab order. */
export async function labOrderPatients(db: Db, labOrderIds: readonly string[]): Promise<ReadonlyMap<string, string>> {
  const rows = await db.selectFrom('labOrders').select(['id', 'patientId']).where('id', 'in', labOrderIds).execute();
  return new Map(rows.map((row) => [row.id, row.patientId]));
}

/** A result file is of its lab order's patient (found when the read log writes, not while answering). */
export const patientOfFile: PatientVia<{ labOrderId: string }> = { via: (file) => file.labOrderId, resolve: labOrderPatients };
