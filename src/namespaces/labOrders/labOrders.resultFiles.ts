import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { matchingRows } from '../../db/queries/matching-rows.ts';
import type { LabResultFilesTable } from './labOrders.table.ts';
import type { RecordOf } from '../../values/record.ts';

/**
 * The result files of lab orders as the lab report shows them. Read here, not through the
 * labResultFiles namespace, which depends on lab orders: the report keeps the dependency one way.
 */
export type ResultFileRecord = RecordOf<Selectable<LabResultFilesTable>>;

/** The result files of these orders of the organization, by order, oldest upload first. */
export async function filesOfOrders(db: Db, organizationId: string, orderIds: readonly string[]): Promise<Map<string, ResultFileRecord[]>> {
  const byOrder = new Map<string, ResultFileRecord[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await matchingRows(db, 'labResultFiles', { organizationId, labOrderId: orderIds }, { by: ['uploadedAt'] }).execute();
  for (const row of rows) {
    const file = { ...row, isExternalResult: Boolean(row.isExternalResult), uploadedByPatient: Boolean(row.uploadedByPatient) };
    byOrder.set(file.labOrderId, [...(byOrder.get(file.labOrderId) ?? []), file]);
  }
  return byOrder;
}
