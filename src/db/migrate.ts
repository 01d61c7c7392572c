import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './database.ts';
import { isPostgres } from './migrations/dialect-features.ts';
import * as core from './migrations/0001_core.ts';
import * as hrmAttendanceUnique from './migrations/0011_hrm_attendance_unique.ts';
import * as auditAppendOnly from './migrations/0012_audit_append_only.ts';
import * as authCodeHash from './migrations/0013_auth_code_hash.ts';
import * as organizationSettings from './migrations/0040_organization_settings.ts';
import * as patients from './migrations/0041_patients.ts';
import * as wardsRoomsServices from './migrations/0042_wards_rooms_services.ts';
import * as admissions from './migrations/0055_admissions.ts';
import * as foods from './migrations/0035_foods.ts';
import * as notifications from './migrations/0020_notifications.ts';
import * as calorieLogs from './migrations/0030_calorie_logs.ts';
import * as sleepLogs from './migrations/0031_sleep_logs.ts';
import * as labOrders from './migrations/0070_lab_orders.ts';
import * as labResultFiles from './migrations/0071_lab_result_files.ts';
import * as homeCollections from './migrations/0072_home_collections.ts';
import * as doctorEducation from './migrations/0073_doctor_education.ts';
import * as appointments from './migrations/0050_appointments.ts';
import * as inventory from './migrations/0060_inventory.ts';
import * as prescriptionMarketplace from './migrations/0065_prescription_marketplace.ts';
import * as preConsultationForms from './migrations/0075_pre_consultation_forms.ts';
import * as superAdminPayouts from './migrations/0080_super_admin_payouts.ts';
import * as saloonMembers from './migrations/0081_saloon_members.ts';
import * as appointmentsIndexes from './migrations/0090_appointments_indexes.ts';
import * as notificationsListIndexes from './migrations/0091_notifications_list_indexes.ts';
import * as usersChangeNotify from './migrations/0092_users_change_notify.ts';
import * as identitiesTokenVersion from './migrations/0093_identities_token_version.ts';
import * as patientsSharedAccounts from './migrations/0094_patients_shared_accounts.ts';
import * as rateLimitCounters from './migrations/0095_rate_limit_counters.ts';
import * as patientDataReads from './migrations/0096_patient_data_reads.ts';
import * as appointmentsStage from './migrations/0100_appointments_stage.ts';
import * as payoutsStage from './migrations/0127_payouts_stage.ts';
import * as sleepReminders from './migrations/0128_sleep_reminders.ts';
import * as webhooks from './migrations/0129_webhooks.ts';
import * as admissionLogsKept from './migrations/0130_admission_logs_kept.ts';
import * as announceChanges from './migrations/0131_announce_changes.ts';
import * as remindersByOpenEnd from './migrations/0132_reminders_by_open_end.ts';
import * as sleepReminderLease from './migrations/0133_sleep_reminder_lease.ts';
import * as userInvitations from './migrations/0134_user_invitations.ts';
import * as invitationCodes from './migrations/0135_invitation_codes.ts';
import * as notificationRecipients from './migrations/0136_notification_recipients.ts';
import * as notificationAddressesHidden from './migrations/0137_notification_addresses_hidden.ts';
import * as admissionAdvances from './migrations/0138_admission_advances.ts';
import * as patientLinkRequests from './migrations/0139_patient_link_requests.ts';
import * as idempotencyKeys from './migrations/0140_idempotency_keys.ts';
import * as listFilterIndexes from './migrations/0142_list_filter_indexes.ts';
import * as billing from './migrations/0143_billing.ts';
import * as billingLogos from './migrations/0144_billing_logos.ts';
import * as billingRefunds from './migrations/0145_billing_refunds.ts';
import * as fhirBulkExports from './migrations/0146_fhir_bulk_exports.ts';
import * as fhirClients from './migrations/0147_fhir_clients.ts';
import * as searchWords from './migrations/0148_search_words.ts';
import * as jobs from './migrations/0126_jobs.ts';
import * as admissionStagePayments from './migrations/0125_admission_stage_payments.ts';
import * as notificationChannels from './migrations/0124_notification_channels.ts';
import * as appointmentWaitlist from './migrations/0123_appointment_waitlist.ts';
import * as appointmentSeries from './migrations/0122_appointment_series.ts';
import * as practitionerSchedules from './migrations/0110_practitioner_schedules.ts';

/** Every migration, in order. One set for both databases; add new ones at the end. */
const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0011_hrm_attendance_unique': hrmAttendanceUnique,
  '0012_audit_append_only': auditAppendOnly,
  '0013_auth_code_hash': authCodeHash,
  '0020_notifications': notifications,
  '0030_calorie_logs': calorieLogs,
  '0031_sleep_logs': sleepLogs,
  '0035_foods': foods,
  '0040_organization_settings': organizationSettings,
  '0041_patients': patients,
  '0042_wards_rooms_services': wardsRoomsServices,
  '0055_admissions': admissions,
  '0070_lab_orders': labOrders,
  '0071_lab_result_files': labResultFiles,
  '0072_home_collections': homeCollections,
  '0073_doctor_education': doctorEducation,
  '0050_appointments': appointments,
  '0060_inventory': inventory,
  '0065_prescription_marketplace': prescriptionMarketplace,
  '0080_super_admin_payouts': superAdminPayouts,
  '0081_saloon_members': saloonMembers,
  '0075_pre_consultation_forms': preConsultationForms,
  '0090_appointments_indexes': appointmentsIndexes,
  '0091_notifications_list_indexes': notificationsListIndexes,
  '0092_users_change_notify': usersChangeNotify,
  '0093_identities_token_version': identitiesTokenVersion,
  '0094_patients_shared_accounts': patientsSharedAccounts,
  '0095_rate_limit_counters': rateLimitCounters,
  '0096_patient_data_reads': patientDataReads,
  '0100_appointments_stage': appointmentsStage,
  '0110_practitioner_schedules': practitionerSchedules,
  '0122_appointment_series': appointmentSeries,
  '0123_appointment_waitlist': appointmentWaitlist,
  '0124_notification_channels': notificationChannels,
  '0125_admission_stage_payments': admissionStagePayments,
  '0126_jobs': jobs,
  '0127_payouts_stage': payoutsStage,
  '0128_sleep_reminders': sleepReminders,
  '0129_webhooks': webhooks,
  '0130_admission_logs_kept': admissionLogsKept,
  '0131_announce_changes': announceChanges,
  '0132_reminders_by_open_end': remindersByOpenEnd,
  '0133_sleep_reminder_lease': sleepReminderLease,
  '0134_user_invitations': userInvitations,
  '0135_invitation_codes': invitationCodes,
  '0136_notification_recipients': notificationRecipients,
  '0137_notification_addresses_hidden': notificationAddressesHidden,
  '0138_admission_advances': admissionAdvances,
  '0139_patient_link_requests': patientLinkRequests,
  '0140_idempotency_keys': idempotencyKeys,
  '0142_list_filter_indexes': listFilterIndexes,
  '0143_billing': billing,
  '0144_billing_logos': billingLogos,
  '0145_billing_refunds': billingRefunds,
  '0146_fhir_bulk_exports': fhirBulkExports,
  '0147_fhir_clients': fhirClients,
  '0148_search_words': searchWords,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * On PostgreSQL the migration tables are looked up in the current schema explicitly: Kysely
 * otherwise finds them in ANY schema of the database, so a second schema (tests run each suite in
 * its own, in parallel) would skip creating its own and then fail on the missing lock table.
 */
async function migrationTableSchema(db: Db): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

async function migratorFor(db: Db): Promise<Migrator> {
  const schema = await migrationTableSchema(db);
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** The migrations not applied yet, oldest first. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await (await migratorFor(db)).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Applies every pending migration; resolves with the names applied (none when up to date). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await (await migratorFor(db)).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String((error as Error | undefined)?.message ?? error)}`);
  }
  if (!isPostgres(db)) {
    // SQLite plans queries from statistics it only has after ANALYZE: refresh them where they are
    // missing or stale (a bounded sample per index, so this stays quick on a large file).
    await sql`pragma analysis_limit = 1000`.execute(db);
    await sql`pragma optimize = 0x10002`.execute(db);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** How many migrations the code knows. */
export const knownMigrations = (): number => Object.keys(migrations).length;
