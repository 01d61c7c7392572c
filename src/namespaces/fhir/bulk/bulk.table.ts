import type { Json } from '../../../values/record.ts';

/** Where an export is: being written (`running`, taken by the job with a lease), `done`, or `failed`. */
export type BulkExportState = 'running' | 'done' | 'failed';
/** The kick-off it came from: `$export`, `Patient/$export`, or `Group/{id}/$export`. */
export type BulkExportLevel = 'system' | 'patient' | 'group';

/** One Bulk Data export (docs/fhir.md, "Bulk Data export"). */
export interface FhirBulkExportsTable {
  id: string;
  organizationId: string;
  /** who asked for it (bulk.access.ts): only they see its status and files */
  requestedBy: string;
  level: BulkExportLevel;
  /** the kick-off's path and query, answered in the manifest's `request` */
  request: string;
  /** JSON text: the resource types, in the order they are written, then the `_typeFilter` entries (bulk.plan.ts) */
  types: Json<string[]>;
  /** `_since`: only resources changed at or after it (unix ms) */
  since: number | null;
  /** the manifest's transactionTime: the kick-off's time */
  transactionTime: number;
  state: BulkExportState;
  /** the type being written (an index into types); types.length once all are */
  typeIndex: number;
  /** the last id written of that type (keyset): a restarted job goes on after it */
  cursor: string | null;
  /** the pages written so far, of every type: the next page's seq */
  pages: number;
  /** resources written so far, of every type */
  written: number;
  /** the job's claims of it (a failing export is retried, then failed) */
  attempts: number;
  dueAt: number;
  lockedUntil: number | null;
  error: string | null;
  completedAt: number | null;
  /** when it and its files are removed (docs/fhir.md, "Bulk Data export") */
  expiresAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A page of an export's file of one type: NDJSON lines, in order of seq. */
export interface FhirBulkExportPagesTable {
  exportId: string;
  organizationId: string;
  type: string;
  seq: number;
  /** the resources, one JSON a line, each line ending with a newline */
  lines: string;
  count: number;
  /** JSON text: [resource id, patient id or null] of each line, for the read log when the file is downloaded */
  reads: Json<[string, string | null][]>;
}

declare module '../../../db/schema.ts' {
  interface Database {
    fhirBulkExports: FhirBulkExportsTable;
    fhirBulkExportPages: FhirBulkExportPagesTable;
  }
}
