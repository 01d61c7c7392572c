/** A pre-consultation form; `departmentKey` is the normalised department name (unique per appointment). */
export interface PreConsultationFormsTable {
  id: string;
  organizationId: string;
  appointmentId: string;
  idpUserId: string;
  departmentName: string;
  departmentKey: string;
  /** JSON object as text */
  answers: string;
  status: string;
  submittedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    preConsultationForms: PreConsultationFormsTable;
  }
}
