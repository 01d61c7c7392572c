import { moveOperation } from './appointments.moves.ts';

/** The doctor starts the consultation: moves the appointment to in_consultation along the status table. */
export const start = moveOperation('start', 'in_consultation', 'Start the consultation (status in_consultation)');
