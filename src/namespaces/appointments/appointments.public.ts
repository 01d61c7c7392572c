/** What other namespaces use of appointments; they import it from here only. */
export { appointmentPatient } from './appointments.owners.ts';
export { patchRow } from './appointments.repo.ts';
