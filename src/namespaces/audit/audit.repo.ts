import { countOf } from '../../db/list-memo.ts';
import type { Db } from '../../db/database.ts';
import type { AuditLogTable } from '../../audit/audit-log.table.ts';
import { offsetOf, pageOf, type Page } from '../../values/paging.ts';

export interface AuditFilter {
  organizationId?: string | undefined;
  actorId?: string | undefined;
  operation?: string | undefined;
  recordId?: string | undefined;
  /** unix ms, inclusive */
  from?: number | undefined;
  /** unix ms, inclusive */
  to?: number | undefined;
}

/** A page of audit rows matching every given filter, newest first. */
export async function pageAudit(db: Db, filter: AuditFilter, pageNo: number, pageSize: number): Promise<Page<AuditLogTable>> {
  let query = db.selectFrom('auditLog');
  if (filter.organizationId !== undefined) query = query.where('organizationId', '=', filter.organizationId);
  if (filter.actorId !== undefined) query = query.where('actorId', '=', filter.actorId);
  if (filter.operation !== undefined) query = query.where('operation', '=', filter.operation);
  if (filter.recordId !== undefined) query = query.where('recordId', '=', filter.recordId);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<=', filter.to);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset(offsetOf(pageNo, pageSize))
      .execute(),
    countOf(db, ['auditLog'], query.select((eb) => eb.fn.countAll<number | string>().as('n'))),
  ]);
  return pageOf(rows, total, pageNo, pageSize);
}
