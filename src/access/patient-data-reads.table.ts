import type { Json } from '../values/record.ts';

/** One read of patient data by a caller with a token (src/access/read-log.ts); append-only. */
export interface PatientDataReadsTable {
  id: string;
  at: number;
  actorIdpUserId: string;
  /** `namespace.apiName` */
  operation: string;
  organizationId: string | null;
  /** JSON text: the ids of the records answered */
  recordIds: Json<string[]>;
  /** JSON text: the ids of the patients those records are of */
  patientIds: Json<string[]>;
  requestId: string | null;
  ip: string | null;
}

/** One patient a read touched: the index from a patient to the reads of its data; append-only. */
export interface PatientDataReadPatientsTable {
  readId: string;
  patientId: string;
  organizationId: string | null;
  at: number;
}

declare module '../db/schema.ts' {
  interface Database {
    patientDataReads: PatientDataReadsTable;
    patientDataReadPatients: PatientDataReadPatientsTable;
  }
}
