import type { Bool } from '../../values/record.ts';

export interface LabResultFilesTable {
  id: string;
  organizationId: string;
  labOrderId: string;
  testName: string | null;
  fileId: string;
  fileUrl: string | null;
  fileName: string;
  fileSize: number;
  mimeType: string;
  description: string | null;
  uploadedBy: string | null;
  patientIdpUserId: string | null;
  uploadedAt: number;
  isExternalResult: Bool;
  uploadedByPatient: Bool;
  createdAt: number;
  updatedAt: number;
}
