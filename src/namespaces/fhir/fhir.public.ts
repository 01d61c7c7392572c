/** What other namespaces use of fhir (the one mapping of each record to its FHIR R4 resource); they import it from here only. */
export { appointmentResource, chargeItemResource, encounterResource, medicationResource, patientResource, practitionerResource } from './fhir.resources.ts';
