import { moveOperation } from './appointments.moves.ts';

/** The patient has arrived: moves the appointment to checked_in along the status table, from its day on (INVALID_STATE otherwise). */
export const checkIn = moveOperation('checkIn', 'checked_in', 'Check the patient in (status checked_in)');
