export interface AdmissionsTable {
  id: string;
  organizationId: string;
  patientId: string;
  /** users record id of a doctor of the organization */
  admittingDoctorId: string;
  appointmentId: string | null;
  consultationId: string | null;
  status: string;
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
