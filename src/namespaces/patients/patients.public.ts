/** What other namespaces use of patients; they import it from here only. */
export { findPatient, findPatientByContact, knownPatient, patientsLinkedTo } from './patients.repo.ts';
export { asPatient, type PatientRecord, patients } from './patients.resource.ts';
export { presentLink } from './patients.linkRequests.ts';
