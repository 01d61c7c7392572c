/**
 * The database: each table's row type as stored. The row types live beside the code that owns
 * them (`<namespace>.table.ts`, or `<folder>/<table>.table.ts` in the core); this is the one file
 * of db/ that imports from the layers above it, and only their types. Booleans read back as 0/1
 * on SQLite and JSON columns are text on both databases: records are mapped from rows in one place
 * (src/values/record.ts).
 */
import type { PatientDataReadsTable, PatientDataReadPatientsTable } from '../access/patient-data-reads.table.ts';
import type { AuditLogTable } from '../audit/audit-log.table.ts';
import type { AdmissionLogsTable } from '../namespaces/admissionLogs/admissionLogs.table.ts';
import type { AdmissionAdvancesTable, AdmissionChargesTable, AdmissionPaymentsTable, AdmissionsTable } from '../namespaces/admissions/admissions.table.ts';
import type { JobRunsTable, JobsTable } from '../jobs/jobs.table.ts';
import type { AppointmentRemindersTable, AppointmentsTable, AppointmentWaitlistTable, DoctorReservedSlotsTable } from '../namespaces/appointments/appointments.table.ts';
import type { IdentitiesTable, OneTimeCodesTable } from '../namespaces/auth/auth.table.ts';
import type { BedsTable } from '../namespaces/beds/beds.table.ts';
import type {
  CalorieGoalsTable,
  CalorieLogsTable,
  CalorieLogEntriesTable,
} from '../namespaces/calorieLogs/calorieLogs.table.ts';
import type { DoctorEducationTable } from '../namespaces/doctorEducation/doctorEducation.table.ts';
import type { PractitionerSchedulesTable } from '../namespaces/practitionerSchedules/practitionerSchedules.table.ts';
import type { FoodsTable } from '../namespaces/foods/foods.table.ts';
import type { HomeCollectionsTable } from '../namespaces/homeCollections/homeCollections.table.ts';
import type { HrmAttendanceTable } from '../namespaces/hrmAttendance/hrmAttendance.table.ts';
import type {
  InventoryItemsTable,
  InventoryBatchesTable,
  InventoryMovementsTable,
} from '../namespaces/inventoryItems/inventoryItems.table.ts';
import type { LabOrdersTable, LabOrderTestsTable, LabResultFilesTable } from '../namespaces/labOrders/labOrders.table.ts';
import type {
  NotificationsTable,
  NotificationDeliveriesTable,
} from '../namespaces/notifications/notifications.table.ts';
import type { OrganizationsTable } from '../namespaces/organizations/organizations.table.ts';
import type { PatientsTable } from '../namespaces/patients/patients.table.ts';
import type { PreConsultationFormsTable } from '../namespaces/preConsultationForms/preConsultationForms.table.ts';
import type {
  PrescriptionRequestsTable,
  PrescriptionRequestItemsTable,
  PrescriptionBroadcastsTable,
  PrescriptionQuotesTable,
  PrescriptionQuoteItemsTable,
} from '../namespaces/prescriptionMarketplace/prescriptionMarketplace.table.ts';
import type { PushDevicesTable } from '../namespaces/pushDevices/pushDevices.table.ts';
import type { RoomsTable } from '../namespaces/rooms/rooms.table.ts';
import type { SaloonMembersTable } from '../namespaces/saloonMembers/saloonMembers.table.ts';
import type { ServicesTable } from '../namespaces/services/services.table.ts';
import type { WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../namespaces/webhooks/webhooks.table.ts';
import type { SleepPreferencesTable, SleepLogsTable, SleepRemindersTable } from '../namespaces/sleepLogs/sleepLogs.table.ts';
import type { SuperAdminPayoutsTable } from '../namespaces/superAdminPayouts/superAdminPayouts.table.ts';
import type { SuppliersTable } from '../namespaces/suppliers/suppliers.table.ts';
import type { TokenCountersTable } from '../namespaces/tokenCounters/tokenCounters.table.ts';
import type { UsersTable } from '../namespaces/users/users.table.ts';
import type { WardsTable } from '../namespaces/wards/wards.table.ts';
import type { RateLimitCountersTable } from '../rpc/rate-limit-counters.table.ts';

export interface Database {
  organizations: OrganizationsTable;
  identities: IdentitiesTable;
  oneTimeCodes: OneTimeCodesTable;
  auditLog: AuditLogTable;
  patientDataReads: PatientDataReadsTable;
  patientDataReadPatients: PatientDataReadPatientsTable;
  users: UsersTable;
  tokenCounters: TokenCountersTable;
  hrmAttendance: HrmAttendanceTable;
  pushDevices: PushDevicesTable;
  notifications: NotificationsTable;
  notificationDeliveries: NotificationDeliveriesTable;
  calorieGoals: CalorieGoalsTable;
  calorieLogs: CalorieLogsTable;
  calorieLogEntries: CalorieLogEntriesTable;
  sleepPreferences: SleepPreferencesTable;
  sleepReminders: SleepRemindersTable;
  webhookSubscriptions: WebhookSubscriptionsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  sleepLogs: SleepLogsTable;
  foods: FoodsTable;
  patients: PatientsTable;
  wards: WardsTable;
  rooms: RoomsTable;
  services: ServicesTable;
  beds: BedsTable;
  admissions: AdmissionsTable;
  admissionLogs: AdmissionLogsTable;
  admissionCharges: AdmissionChargesTable;
  admissionPayments: AdmissionPaymentsTable;
  admissionAdvances: AdmissionAdvancesTable;
  labOrders: LabOrdersTable;
  labOrderTests: LabOrderTestsTable;
  labResultFiles: LabResultFilesTable;
  homeCollections: HomeCollectionsTable;
  doctorEducation: DoctorEducationTable;
  practitionerSchedules: PractitionerSchedulesTable;
  appointments: AppointmentsTable;
  doctorReservedSlots: DoctorReservedSlotsTable;
  appointmentWaitlist: AppointmentWaitlistTable;
  appointmentReminders: AppointmentRemindersTable;
  jobs: JobsTable;
  jobRuns: JobRunsTable;
  suppliers: SuppliersTable;
  inventoryItems: InventoryItemsTable;
  inventoryBatches: InventoryBatchesTable;
  inventoryMovements: InventoryMovementsTable;
  prescriptionRequests: PrescriptionRequestsTable;
  prescriptionRequestItems: PrescriptionRequestItemsTable;
  prescriptionBroadcasts: PrescriptionBroadcastsTable;
  prescriptionQuotes: PrescriptionQuotesTable;
  prescriptionQuoteItems: PrescriptionQuoteItemsTable;
  superAdminPayouts: SuperAdminPayoutsTable;
  saloonMembers: SaloonMembersTable;
  preConsultationForms: PreConsultationFormsTable;
  rateLimitCounters: RateLimitCountersTable;
}
