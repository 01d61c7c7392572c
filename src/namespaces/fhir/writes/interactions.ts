/**
 * The writes /fhir/R4 takes (docs/fhir.md, "Writes"), each made by the RPC operation that makes it
 * there, run through the same dispatcher (access, validation, idempotency, audit): the FHIR layer
 * only turns the resource into that operation's data. Every other interaction is read-only.
 */
export interface FhirWrite {
  type: string;
  interaction: 'create' | 'patch';
  /** the RPC operation that makes it */
  operation: { namespace: string; name: string };
  documentation: string;
}

/** An operation (`$name`) on an instance of a type. */
export interface FhirInstanceOperation {
  type: string;
  name: string;
  definition: string;
  operation: { namespace: string; name: string };
  documentation: string;
}

export const FHIR_WRITES: readonly FhirWrite[] = [
  {
    type: 'Appointment',
    interaction: 'create',
    operation: { namespace: 'appointments', name: 'create' },
    documentation: 'Books a free Slot (slot: [Slot/{id}]) for a Patient participant: appointments.create; 409 when the time is taken meanwhile.',
  },
  {
    type: 'Appointment',
    interaction: 'patch',
    operation: { namespace: 'appointments', name: 'cancel' },
    documentation: 'JSON Patch (application/json-patch+json) setting status to cancelled, with a cancelationReason: appointments.cancel. Any other patch is 422.',
  },
  {
    type: 'Patient',
    interaction: 'create',
    operation: { namespace: 'patients', name: 'create' },
    documentation: 'Creates a patient record: patients.create.',
  },
];

export const FHIR_INSTANCE_OPERATIONS: readonly FhirInstanceOperation[] = [
  {
    type: 'Appointment',
    name: 'cancel',
    definition: 'http://healthops.dev/fhir/OperationDefinition/Appointment-cancel',
    operation: { namespace: 'appointments', name: 'cancel' },
    documentation: 'POST /Appointment/{id}/$cancel with a Parameters resource holding reason (valueString): appointments.cancel.',
  },
];
