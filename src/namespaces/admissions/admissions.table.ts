/** How a payment was made. */
export const PAYMENT_METHODS = ['cash', 'card', 'upi', 'bank_transfer', 'insurance', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface AdmissionsTable {
  id: string;
  organizationId: string;
  patientId: string;
  /** users record id of a doctor of the organization */
  admittingDoctorId: string;
  appointmentId: string | null;
  consultationId: string | null;
  /** the label shown: the stage, or any text update stored within it */
  status: string;
  /** the known status the lifecycle is at (admissions.status.ts); internal */
  stage: string;
  admissionReason: string;
  admissionNotes: string | null;
  requestedAt: number;
  wardId: string | null;
  roomId: string | null;
  bedId: string | null;
  admittedAt: number | null;
  confirmedByUserId: string | null;
  dischargingDoctorId: string | null;
  dischargeReason: string | null;
  dischargeSummary: string | null;
  dischargeRequestedAt: number | null;
  dischargedAt: number | null;
  billingClearedByUserId: string | null;
  billingClearedAt: number | null;
  /** integer minor units */
  advanceAmount: number | null;
  advancePaymentMethod: string | null;
  advanceTransactionId: string | null;
  advancePaidAt: number | null;
  advanceCollectedByUserId: string | null;
  firstCareStartedByNurseId: string | null;
  firstCareStartedAt: number | null;
  cancelledAt: number | null;
  cancelledByUserId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** The charges of an admission's bill: admissions owns the bill (admissions.bill.ts); admissionCharges applies and voids them. */
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

/** A payment received against an admission; a refund is a negative amount with a reason. Append-only. */
export interface AdmissionPaymentsTable {
  id: string;
  organizationId: string;
  admissionId: string;
  patientId: string;
  /** integer minor units; negative for a refund */
  amount: number;
  method: PaymentMethod;
  reference: string | null;
  /** why: required for a refund */
  reason: string | null;
  /** the payment a refund gives back, when it names one */
  refundOf: string | null;
  /** users record id of the staff member who took or paid it */
  receivedByUserId: string | null;
  receivedAt: number;
  createdAt: number;
}

/** A change of an admission's advance (admissionAdvances, migration 0138): a ledger, append-only; the discharge gate reads it. */
export interface AdmissionAdvancesTable {
  id: string;
  organizationId: string;
  admissionId: string;
  patientId: string;
  /** integer minor units; negative when the advance was lowered (money given back) */
  amount: number;
  method: string | null;
  reference: string | null;
  /** why: which operation changed the advance, from what to what */
  reason: string;
  /** users record id of the staff member who recorded it */
  recordedByUserId: string | null;
  recordedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    admissionAdvances: AdmissionAdvancesTable;
    admissionCharges: AdmissionChargesTable;
    admissionPayments: AdmissionPaymentsTable;
    admissions: AdmissionsTable;
  }
}
