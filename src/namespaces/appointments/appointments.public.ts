/** What other namespaces use of appointments; they import it from here only. */
export { appointmentPatient } from './appointments.owners.ts';
export { getRow as getAppointmentRow, patchRow } from './appointments.repo.ts';
export { busyOf } from './appointments.slots.ts';
export { freeSlotsBySchedule, gridSlotsOf, MAX_SLOT_DAYS, type FreeSlot } from './findSlots.ts';
export { clockOf } from './appointments.references.ts';
