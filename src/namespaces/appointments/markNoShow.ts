import { moveOperation } from './appointments.moves.ts';

/** The patient did not come: moves the appointment to no_show (before check-in, from its time on); its time is free again. */
export const markNoShow = moveOperation('markNoShow', 'no_show', 'Mark the patient as not come (status no_show; frees the time)');
