/** What other namespaces use of admissionLogs; they import it from here only. */
export { type AdmissionEvent, appendLogs, logsOfAdmission } from './admissionLogs.repo.ts';
