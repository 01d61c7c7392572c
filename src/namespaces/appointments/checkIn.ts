import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { text } from './appointments.fields.ts';
import { moveAppointment } from './appointments.moves.ts';
import { appointmentItem } from './appointments.results.ts';

/** The patient has arrived: moves the appointment to checked_in along the status table (INVALID_STATE otherwise). */
export const checkIn = defineOperation({
  namespace: 'appointments',
  name: 'checkIn', audience: member(),
  summary: 'Check the patient in (status checked_in)',
  writes: true,
  input: z.object({ id: id(), organizationId: id(), reason: text().nullish() }),
  output: appointmentItem,
  async handler(ctx, input) {
    return { item: await moveAppointment(ctx, { ...input, operation: 'checkIn', to: 'checked_in' }) };
  },
});
