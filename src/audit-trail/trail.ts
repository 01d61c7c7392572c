import { principalOf } from '../caller/caller.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../values/ids.ts';
import type { Context } from '../operations/operation.ts';

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
      actorId: principalOf(ctx.caller),
      actorAddress: ctx.ip,
      operation: entry.operation,
      recordId: entry.recordId,
      organizationId: entry.organizationId,
      requestId: ctx.requestId,
    })
    .execute();
}
