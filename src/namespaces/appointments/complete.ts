import { moveOperation } from './appointments.moves.ts';

/** The visit is over: moves the appointment to completed along the status table. */
export const complete = moveOperation('complete', 'completed', 'Complete the appointment (status completed)');
