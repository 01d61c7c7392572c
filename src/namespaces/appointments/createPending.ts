import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { money } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { book, holdExpiry } from './appointments.booking.ts';
import { bookingFields, label, text } from './appointments.fields.ts';
import { ownerByBookedPatient } from './appointments.owners.ts';
import { appointmentItem } from './appointments.results.ts';

/**
 * Holds a slot until payment: status `pending`, paymentStatus `pending`, holdExpiresAt = now +
 * APPOINTMENT_HOLD_MINUTES. Past holdExpiresAt an unpaid hold no longer holds its time. A patient
 * books for itself (the account linked to the patient record), staff for any patient.
 */
export const createPending = defineOperation({
  namespace: 'appointments',
  name: 'createPending', audience: self(ownerByBookedPatient),
  summary: 'Hold a slot until payment (status pending; expires after APPOINTMENT_HOLD_MINUTES)',
  writes: true,
  input: z.object({
    ...bookingFields(),
    serviceId: id().nullish(),
    status: z.literal('pending', { error: 'a pending appointment has status pending' }).nullish(),
    reason: text().nullish(),
    notes: text().nullish(),
    consultationFee: money().nullish(),
    paymentMethod: label().nullish(),
  }),
  output: appointmentItem,
  async handler(ctx, input) {
    const { type, reason, notes, paymentMethod } = input;
    const details = { type, reason, notes, paymentMethod, paymentStatus: 'pending', holdExpiresAt: holdExpiry(ctx) };
    return { item: await book(ctx, { ...input, status: 'pending', details }) };
  },
});
