import type { Operation } from '../../../operations/operation.ts';
import { revincludesAmong } from '../search/revinclude.ts';
import { account } from './account.ts';
import { appointment } from './appointment.ts';
import type { FhirType } from './define.ts';
import { auditEvent } from './auditEvent.ts';
import { chargeItem } from './chargeItem.ts';
import { diagnosticReport } from './diagnosticReport.ts';
import { encounter } from './encounter.ts';
import { readOperation, searchOperation } from './operations.ts';
import { healthcareService } from './healthcareService.ts';
import { invoice } from './invoice.ts';
import { location } from './location.ts';
import { medication } from './medication.ts';
import { medicationKnowledge } from './medicationKnowledge.ts';
import { organization } from './organization.ts';
import { patient } from './patient.ts';
import { paymentReconciliation } from './paymentReconciliation.ts';
import { practitioner } from './practitioner.ts';
import { practitionerRole } from './practitionerRole.ts';
import { schedule } from './schedule.ts';
import { serviceRequest } from './serviceRequest.ts';

/** The resource types /fhir/R4 serves, in the CapabilityStatement's order: each a declaration of its own (types/<type>.ts). */
export const FHIR_TYPES: readonly FhirType[] = [
  patient,
  practitioner,
  practitionerRole,
  organization,
  appointment,
  encounter,
  schedule,
  // Clinical and administrative records beyond the directory and the calendar (docs/fhir.md).
  serviceRequest,
  diagnosticReport,
  chargeItem,
  account,
  paymentReconciliation,
  invoice,
  location,
  healthcareService,
  medication,
  medicationKnowledge,
  auditEvent,
];

const BY_NAME = new Map(FHIR_TYPES.map((type) => [type.type, type]));

/** The declaration of a type served, by its name as in a URL (case as FHIR spells it). */
export const fhirType = (name: string): FhirType | undefined => BY_NAME.get(name);

/** The `_revinclude`s of a type served: the reference parameters of the types served that name it. */
export const revincludesOf = revincludesAmong(FHIR_TYPES);

/** fhir.read<Type> and fhir.search<Type> of every type. */
export const typeOperations: Operation[] = FHIR_TYPES.flatMap((type) => [readOperation(type), searchOperation(type, revincludesOf(type))]);
