import { pageOfQuery } from '../../db/paged-list.ts';
import type { Db } from '../../db/database.ts';
import type { AuditLogTable } from '../../audit-trail/audit-log.table.ts';
import type { Page } from '../../values/paging.ts';

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
  const rows = query.selectAll().orderBy('at', 'desc').orderBy('id', 'desc');
  return pageOfQuery(db, ['auditLog'], query, rows, pageNo, pageSize, (row) => row);
}
