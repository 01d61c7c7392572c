import type { Db } from '../../db/database.ts';
import { labResultFiles, type LabResultFileRecord } from './labResultFiles.resource.ts';

/** Query functions other operations use to reach result files; each takes the handle first. */

/** The result files of these orders of the organization, by order, oldest upload first. */
export async function filesOfOrders(db: Db, organizationId: string, orderIds: readonly string[]): Promise<Map<string, LabResultFileRecord[]>> {
  const byOrder = new Map<string, LabResultFileRecord[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('labResultFiles')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('labOrderId', 'in', orderIds)
    .orderBy('uploadedAt')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const file = labResultFiles.repo.toRecord(row);
    byOrder.set(file.labOrderId, [...(byOrder.get(file.labOrderId) ?? []), file]);
  }
  return byOrder;
}
