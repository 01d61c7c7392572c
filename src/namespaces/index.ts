import type { QueueDepth } from '../background/leased-queue.ts';
import type { JobDefinition } from '../background/runner.ts';
import { declareEvents, type EventType } from '../events/events.ts';
import type { Operation } from '../operations/operation.ts';
import * as jobRunner from './jobs/index.ts';
import * as exportsNs from './exports/index.ts';
import * as webhooks from './webhooks/index.ts';
import * as appointments from './appointments/index.ts';
import * as audit from './audit/index.ts';
import * as auth from './auth/index.ts';
import * as calorieLogs from './calorieLogs/index.ts';
import * as foods from './foods/index.ts';
import * as hrmAttendance from './hrmAttendance/index.ts';
import * as notifications from './notifications/index.ts';
import * as organizations from './organizations/index.ts';
import * as patients from './patients/index.ts';
import * as pushDevices from './pushDevices/index.ts';
import * as rooms from './rooms/index.ts';
import * as services from './services/index.ts';
import * as sleepLogs from './sleepLogs/index.ts';
import * as tokenCounters from './tokenCounters/index.ts';
import * as users from './users/index.ts';
import * as wards from './wards/index.ts';
import * as admissions from './admissions/index.ts';
import * as admissionLogs from './admissionLogs/index.ts';
import * as admissionCharges from './admissionCharges/index.ts';
import * as beds from './beds/index.ts';
import * as labOrders from './labOrders/index.ts';
import * as labResultFiles from './labResultFiles/index.ts';
import * as homeCollections from './homeCollections/index.ts';
import * as doctorEducation from './doctorEducation/index.ts';
import * as practitionerSchedules from './practitionerSchedules/index.ts';
import * as inventoryItems from './inventoryItems/index.ts';
import * as suppliers from './suppliers/index.ts';
import * as preConsultationForms from './preConsultationForms/index.ts';
import * as prescriptionMarketplace from './prescriptionMarketplace/index.ts';
import * as superAdminPayouts from './superAdminPayouts/index.ts';
import * as saloonMembers from './saloonMembers/index.ts';
import * as billing from './billing/index.ts';
import * as fhir from './fhir/index.ts';
import * as fhirClients from './fhirClients/index.ts';

/** Every namespace's operations. An operation not listed here answers UNKNOWN_OPERATION. */
export const allOperations: Operation[] = [...auth.operations, ...tokenCounters.operations, ...users.operations, ...audit.operations, ...hrmAttendance.operations, ...calorieLogs.operations, ...sleepLogs.operations, ...pushDevices.operations, ...notifications.operations, ...foods.operations, ...organizations.operations, ...patients.operations, ...wards.operations, ...rooms.operations, ...services.operations, ...appointments.operations, ...labOrders.operations, ...labResultFiles.operations, ...homeCollections.operations, ...doctorEducation.operations, ...practitionerSchedules.operations, ...inventoryItems.operations, ...suppliers.operations, ...prescriptionMarketplace.operations, ...admissions.operations, ...admissionLogs.operations, ...admissionCharges.operations, ...beds.operations, ...preConsultationForms.operations, ...superAdminPayouts.operations, ...saloonMembers.operations, ...jobRunner.operations, ...exportsNs.operations, ...webhooks.operations, ...billing.operations, ...fhir.operations, ...fhirClients.operations];

/** The FHIR R4 face of the service, a Fastify scope app.ts registers at /fhir/R4 (docs/fhir.md). */
export const fhirRoutes = fhir.fhirRoutes;
export const fhirOpenApi = fhir.fhirOpenApi;
export type { FhirDispatch } from './fhir/index.ts';
/** The SMART authorization endpoints of the FHIR API (token, smart-configuration), registered at /fhir/R4 beside it. */
export const smartRoutes = fhirClients.smartRoutes;

/** Every job the service runs on time (src/background/runner.ts). */
export const allJobs: readonly JobDefinition[] = [...appointments.jobs, ...inventoryItems.jobs, ...sleepLogs.jobs, ...webhooks.jobs, ...fhir.jobs];

/** Every outbox (leased queue) whose due rows the metrics count (healthops_outbox_due). */
export const allOutboxes: readonly QueueDepth[] = [...notifications.outboxes, ...webhooks.outboxes, ...sleepLogs.outboxes];

/**
 * Every event the namespaces emit (src/events/, docs/webhooks.md), declared to the events core with
 * its one consumer: webhooks queue each for the subscriptions that take it.
 */
export const allEvents: readonly EventType[] = [...appointments.events, ...admissions.events, ...admissionCharges.events, ...inventoryItems.events, ...prescriptionMarketplace.events, ...labResultFiles.events, ...billing.events];
declareEvents(allEvents, webhooks.eventConsumer);

