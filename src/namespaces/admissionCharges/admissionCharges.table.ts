export interface AdmissionChargesTable {
  id: string;
  organizationId: string;
  admissionId: string;
  patientId: string;
  serviceId: string;
  /** the service's name and category when the charge was applied */
  serviceName: string;
  serviceCategory: string;
  chargeType: string;
  quantity: number;
  /** money columns: integer minor units; taxPercent basis points */
  unitPrice: number;
  subtotal: number;
  taxPercent: number;
  taxAmount: number;
  amount: number;
  referenceType: string | null;
  referenceId: string | null;
  doctorId: string | null;
  notes: string | null;
  appliedByUserId: string;
  voidedAt: number | null;
  voidedByUserId: string | null;
  voidReason: string | null;
  createdAt: number;
  updatedAt: number;
}
