import { patientResource, type FhirResource } from '../fhir.resources.ts';
import { appointmentOfItem, BOOKING_FIELDS, bookingOfAppointment, reasonOfCancel, reasonOfPatch, type ServiceOfSlot } from './appointment.ts';
import { PATIENT_FIELDS, patientOfResource } from './patient.ts';

/**
 * The writes /fhir/R4 takes (docs/fhir.md, "Writes"), each made by the RPC operation that makes it
 * there, run through the same dispatcher (token, access, validation, idempotency, audit): the FHIR
 * layer only turns the resource into that operation's data and its item into the resource. Every
 * other interaction is read-only.
 */

/** What a write is given: the body, the organization (X-Organization-Id), the id in the path, and the organization's time zone when asked. */
export interface WriteRequest {
  body: unknown;
  organizationId: string | undefined;
  id: string | undefined;
  timeZone(): Promise<string>;
  /** the service of the schedule a Slot is of (a booking books with it) */
  serviceOfSlot: ServiceOfSlot;
}

export interface FhirWrite {
  type: string;
  /** an interaction (http.html), or `$name` an operation on an instance */
  interaction: 'create' | 'patch' | `$${string}`;
  /** the RPC operation that makes it */
  operation: { namespace: string; name: string };
  /** the media types of the body taken */
  accepts: readonly string[];
  documentation: string;
  /** for `$` operations: their canonical definition */
  definition?: string;
  data(request: WriteRequest): Promise<Record<string, unknown>>;
  /** the operation's item as the resource answered */
  answer(item: Record<string, unknown>, request: WriteRequest): Promise<FhirResource>;
  /** the fields of the operation's data that come from the resource, named as the resource names them (its refusals are 422) */
  fields: Readonly<Record<string, string>>;
}

const RESOURCE = ['application/fhir+json', 'application/json'];
const PATCH = ['application/json-patch+json'];
const CANCEL_FIELDS = { reason: 'reason' };

/** The Appointment a booking or a cancellation answers, on the organization's clock. */
const appointmentAnswer: FhirWrite['answer'] = async (item, request) => appointmentOfItem(item, await request.timeZone());

export const FHIR_WRITES: readonly FhirWrite[] = [
  {
    type: 'Appointment',
    interaction: 'create',
    operation: { namespace: 'appointments', name: 'create' },
    accepts: RESOURCE,
    documentation: 'Books a free Slot (slot: [Slot/{id}]) for one Patient participant, with the service of the slot\'s schedule: appointments.create. 409 when its time is taken meanwhile.',
    data: async (request) => bookingOfAppointment(request.body, request.organizationId, await request.timeZone(), request.serviceOfSlot),
    answer: appointmentAnswer,
    fields: BOOKING_FIELDS,
  },
  {
    type: 'Appointment',
    interaction: 'patch',
    operation: { namespace: 'appointments', name: 'cancel' },
    accepts: PATCH,
    documentation: 'A JSON Patch setting status to cancelled with a cancelationReason: appointments.cancel. Any other patch is 422.',
    data: async (request) => ({ id: request.id, organizationId: request.organizationId, reason: reasonOfPatch(request.body) }),
    answer: appointmentAnswer,
    fields: CANCEL_FIELDS,
  },
  {
    type: 'Appointment',
    interaction: '$cancel',
    definition: 'http://healthops.dev/fhir/OperationDefinition/Appointment-cancel',
    operation: { namespace: 'appointments', name: 'cancel' },
    accepts: RESOURCE,
    documentation: 'POST /Appointment/{id}/$cancel with a Parameters resource holding reason (valueString): appointments.cancel.',
    data: async (request) => ({ id: request.id, organizationId: request.organizationId, reason: reasonOfCancel(request.body) }),
    answer: appointmentAnswer,
    fields: CANCEL_FIELDS,
  },
  {
    type: 'Patient',
    interaction: 'create',
    operation: { namespace: 'patients', name: 'create' },
    accepts: RESOURCE,
    documentation: 'Creates a patient record: patients.create.',
    data: async (request) => patientOfResource(request.body, request.organizationId),
    answer: async (item) => patientResource(item),
    fields: PATIENT_FIELDS,
  },
];

/** The write of a type by its interaction, if taken. */
export const fhirWrite = (type: string, interaction: FhirWrite['interaction']): FhirWrite | undefined =>
  FHIR_WRITES.find((write) => write.type === type && write.interaction === interaction);
