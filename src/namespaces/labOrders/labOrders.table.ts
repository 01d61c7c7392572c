/** How soon an order's tests are wanted. */
export const PRIORITIES = ['routine', 'urgent', 'stat'] as const;

import type { Bool } from '../../values/record.ts';

export interface LabOrdersTable {
  id: string;
  organizationId: string;
  patientId: string;
  selectedLabId: string | null;
  doctorId: string | null;
  consultationId: string | null;
  orderId: string | null;
  status: string;
  priority: (typeof PRIORITIES)[number];
  notes: string | null;
  assignedTo: string | null;
  completedAt: number | null;
  completedBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** One test of a lab order; `position` is its index in the order's test list. `price` in minor units. */
export interface LabOrderTestsTable {
  id: string;
  organizationId: string;
  labOrderId: string;
  position: number;
  name: string | null;
  code: string | null;
  serviceId: string | null;
  itemType: string | null;
  price: number | null;
  quantity: number;
  reviewStatus: string | null;
  instructions: string | null;
  status: string;
  sampleCollectedAt: number | null;
  sampleCollectedBy: string | null;
  sampleType: string | null;
  processingStartedAt: number | null;
  processingStartedBy: string | null;
  completedAt: number | null;
  completedBy: string | null;
  isExternal: Bool;
  externalLabName: string | null;
  externalMarkedAt: number | null;
  externalResultUploadedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The result files of a lab order: labOrders reads them for its report; labResultFiles manages them. */
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

declare module '../../db/schema.ts' {
  interface Database {
    labOrders: LabOrdersTable;
    labOrderTests: LabOrderTestsTable;
    labResultFiles: LabResultFilesTable;
  }
}
