import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { text } from './appointments.fields.ts';
import { moveAppointment } from './appointments.moves.ts';
import { appointmentItem } from './appointments.results.ts';

/** The visit is over: moves the appointment to completed along the status table. */
export const complete = defineOperation({
  namespace: 'appointments',
  name: 'complete', audience: member(),
  summary: 'Complete the appointment (status completed)',
  writes: true,
  input: z.object({ id: id(), organizationId: id(), reason: text().nullish() }),
  output: appointmentItem,
  async handler(ctx, input) {
    return { item: await moveAppointment(ctx, { ...input, operation: 'complete', to: 'completed' }) };
  },
});
