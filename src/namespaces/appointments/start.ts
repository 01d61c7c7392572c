import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { text } from './appointments.fields.ts';
import { moveAppointment } from './appointments.moves.ts';
import { appointmentItem } from './appointments.results.ts';

/** The doctor starts the consultation: moves the appointment to in_consultation along the status table. */
export const start = defineOperation({
  namespace: 'appointments',
  name: 'start', audience: member(),
  summary: 'Start the consultation (status in_consultation)',
  writes: true,
  input: z.object({ id: id(), organizationId: id(), reason: text().nullish() }),
  output: appointmentItem,
  async handler(ctx, input) {
    return { item: await moveAppointment(ctx, { ...input, operation: 'start', to: 'in_consultation' }) };
  },
});
