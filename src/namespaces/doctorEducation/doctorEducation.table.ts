export interface DoctorEducationTable {
  id: string;
  organizationId: string;
  doctorId: string;
  degree: string;
  institute: string | null;
  startYear: number | null;
  endYear: number | null;
  educationStatus: string | null;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    doctorEducation: DoctorEducationTable;
  }
}
