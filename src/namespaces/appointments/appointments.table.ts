import type { Bool, Json } from '../../values/record.ts';

/** An appointment; see src/db/migrations/0050_appointments.ts for startMinute / endMinute. */
export interface AppointmentsTable {
  id: string;
  organizationId: string;
  organizationBranchId: string | null;
  patientId: string;
  /** the users record id of the doctor */
  doctorId: string;
  serviceId: string | null;
  scheduledDate: string;
  scheduledTime: string;
  duration: number;
  /** local minutes since 1970-01-01 00:00 of the start and end (wall clock) */
  startMinute: number;
  endMinute: number;
  type: string | null;
  /** the status label: the stage, or any text update stored within it */
  status: string;
  /** the known status the lifecycle is at (appointments.status.ts) */
  stage: string;
  reason: string | null;
  notes: string | null;
  rescheduleReason: string | null;
  cancelledAt: number | null;
  cancelledReason: string | null;
  /** integer minor units */
  consultationFee: number | null;
  paymentStatus: string | null;
  /** integer minor units */
  amountPaid: number | null;
  paidAt: number | null;
  paymentMethod: string | null;
  gateway: string | null;
  gatewayOrderId: string | null;
  gatewayPaymentId: string | null;
  checkoutSessionId: string | null;
  holdExpiresAt: number | null;
  isPreConsultationCompleted: Bool | null;
  followUpDate: string | null;
  followUpStatus: string | null;
  followUpNotificationSent: Bool | null;
  callJoinNotifiedAt: number | null;
  patientJoinedAt: number | null;
  /** JSON array of the appointment's moves (previous date, time, duration, status) */
  history: Json<unknown> | null;
  /** the series the appointment was booked in (createSeries), shared by its occurrences */
  seriesId: string | null;
  /** when the expiry of this pending hold was acted on (its time offered to the waitlist); internal */
  holdLapsedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** One block of time a doctor reserved (not bookable); in the doctor's organization. */
export interface DoctorReservedSlotsTable {
  id: string;
  organizationId: string;
  doctorId: string;
  slotDate: string;
  startTime: string;
  endTime: string;
  startMinute: number;
  endMinute: number;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A patient waiting for a doctor's day (docs/appointments.md, "Waitlist"). */
export interface AppointmentWaitlistTable {
  id: string;
  organizationId: string;
  doctorId: string;
  patientId: string;
  serviceId: string | null;
  /** the day waited for, YYYY-MM-DD on the organization's clock */
  date: string;
  /** minutes the patient needs */
  duration: number;
  type: string;
  notes: string | null;
  /** waiting | offered | booked | expired | cancelled (appointments.waitlist.ts) */
  status: string;
  /** the pending hold offered to the patient */
  appointmentId: string | null;
  offeredAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A reminder of an appointment sent (or passed over: no linked account), once per offset. */
export interface AppointmentRemindersTable {
  appointmentId: string;
  /** minutes before the start */
  offsetMinutes: number;
  organizationId: string;
  sentAt: number;
  /** the notification sent; null when the patient has no linked account */
  notificationId: string | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    appointmentReminders: AppointmentRemindersTable;
    appointments: AppointmentsTable;
    appointmentWaitlist: AppointmentWaitlistTable;
    doctorReservedSlots: DoctorReservedSlotsTable;
  }
}
