import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { text } from './appointments.fields.ts';
import { moveAppointment } from './appointments.moves.ts';
import { appointmentItem } from './appointments.results.ts';

/** The patient did not come: moves the appointment to no_show (only before check-in); its time is free again. */
export const markNoShow = defineOperation({
  namespace: 'appointments',
  name: 'markNoShow', audience: member(),
  summary: 'Mark the patient as not come (status no_show; frees the time)',
  writes: true,
  input: z.object({ id: id(), organizationId: id(), reason: text().nullish() }),
  output: appointmentItem,
  async handler(ctx, input) {
    return { item: await moveAppointment(ctx, { ...input, operation: 'markNoShow', to: 'no_show' }) };
  },
});
