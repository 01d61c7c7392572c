export interface AdmissionLogsTable {
  id: string;
  organizationId: string;
  admissionId: string;
  patientId: string;
  event: string;
  /** users record id of the actor; null when the change came without a token (optional mode) */
  performedByUserId: string | null;
  performedByRole: string | null;
  notes: string | null;
  /** `system`: written by the admissions workflow (immutable); `manual`: through admissionLogs.create */
  source: 'manual' | 'system';
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    admissionLogs: AdmissionLogsTable;
  }
}
