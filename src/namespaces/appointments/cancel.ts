import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, reqStr } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { moveAppointment } from './appointments.moves.ts';
import { appointmentItem } from './appointments.results.ts';

/**
 * Cancels the appointment with a reason (required; stored as cancelledReason, cancelledAt now):
 * allowed until the consultation starts (status table); its time is free again.
 */
export const cancel = defineOperation({
  namespace: 'appointments',
  name: 'cancel', audience: member(),
  summary: 'Cancel an appointment with a reason (frees the time)',
  writes: true,
  input: z.object({ id: id(), organizationId: id(), reason: reqStr() }),
  output: appointmentItem,
  async handler(ctx, input) {
    const other = { cancelledReason: input.reason, cancelledAt: ctx.now() };
    return { item: await moveAppointment(ctx, { ...input, operation: 'cancel', to: 'cancelled', other }) };
  },
});
