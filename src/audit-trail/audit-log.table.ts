export interface AuditLogTable {
  id: string;
  at: number;
  actorId: string | null;
  actorAddress: string | null;
  operation: string;
  recordId: string | null;
  organizationId: string | null;
  requestId: string | null;
}

declare module '../db/schema.ts' {
  interface Database {
    auditLog: AuditLogTable;
  }
}
