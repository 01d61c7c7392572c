import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { AppError } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { moveAppointment } from './appointments.moves.ts';
import { ownerByWaitlistEntry } from './appointments.owners.ts';
import { getEntry, setStatus } from './appointments.waitlist.ts';
import { itemResult } from '../../values/results.ts';
import { waitlistRecord } from './appointments.results.ts';

/**
 * Takes a patient off the waitlist (the patient itself, or staff). An offer not taken up yet is
 * declined with it: its pending hold is cancelled, and that time goes to the next waiter.
 */
export const leaveWaitlist = defineOperation({
  namespace: 'appointments',
  name: 'leaveWaitlist', audience: self(ownerByWaitlistEntry),
  summary: 'Leave the waitlist (declines a pending offer; its time goes to the next waiter)',
  writes: true,
  input: z.object({ id: id(), organizationId: id() }),
  output: itemResult(waitlistRecord),
  async handler(ctx, input) {
    const now = ctx.now();
    const entry = await getEntry(ctx.db, input.organizationId, input.id, now);
    if (entry.status !== 'waiting' && entry.status !== 'offered') {
      throw new AppError('INVALID_STATE', `a ${entry.status} waitlist entry cannot be left`);
    }
    await setStatus(ctx.db, input.organizationId, input.id, 'cancelled', now);
    if (entry.status === 'offered' && entry.appointmentId) {
      const reason = 'waitlist offer declined';
      await moveAppointment(ctx, { organizationId: input.organizationId, id: entry.appointmentId, operation: 'cancel', to: 'cancelled', reason, other: { cancelledReason: reason, cancelledAt: now } });
    }
    return { item: await getEntry(ctx.db, input.organizationId, input.id, now) };
  },
});
