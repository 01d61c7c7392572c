/** What other namespaces use of appointments; they import it from here only. */
export { appointmentPatient } from './appointments.owners.ts';
export { getRow as getAppointmentRow, patchRow } from './appointments.repo.ts';
