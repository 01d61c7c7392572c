import { countOf } from '../../db/list-memo.ts';
import type { Db } from '../../db/database.ts';
import type { AuditLogTable } from '../../db/schema.ts';
import { callerId } from '../../auth/caller.ts';
import { newId } from '../../values/ids.ts';
import type { Context } from '../../rpc/operation.ts';
import { offsetOf, pageOf, type Page } from '../../values/paging.ts';

export interface AuditEntry {
  operation: string;
  recordId: string | null;
  organizationId: string | null;
}

/** Appends one row to the audit trail. Call it with the transaction that made the write. */
export async function recordAudit(db: Db, ctx: Context, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      id: newId(),
      at: ctx.now(),
      actorId: callerId(ctx.caller),
      actorAddress: ctx.ip,
      operation: entry.operation,
      recordId: entry.recordId,
      organizationId: entry.organizationId,
      requestId: ctx.requestId,
    })
    .execute();
}

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
