import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { bool, date, id } from '../../values/fields.ts';
import { money } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { book, type Booking } from './appointments.booking.ts';
import { bookingFields, label, statusText, text } from './appointments.fields.ts';
import { appointmentItem } from './appointments.results.ts';

/** The fields of a booking by staff (create, and each occurrence of createSeries). */
export const createFields = () => ({
  ...bookingFields(),
  organizationBranchId: id().nullish(),
  serviceId: id().nullish(),
  status: statusText().nullish(),
  reason: text().nullish(),
  notes: text().nullish(),
  consultationFee: money().nullish(),
  paymentStatus: label().nullish(),
  amountPaid: money().nullish(),
  paymentMethod: label().nullish(),
  isPreConsultationCompleted: bool().nullish(),
  followUpDate: date().nullish(),
  followUpStatus: label().nullish(),
});

const input = z.object(createFields());
export type CreateInput = z.output<typeof input>;

/** The booking a create input asks for: each field that is not the booking's own is a column it sets. */
export function bookingOf(input: CreateInput): Booking {
  const { organizationId, patientId, doctorId, scheduledDate, scheduledTime, duration, serviceId, consultationFee, status, ...details } = input;
  return { organizationId, patientId, doctorId, scheduledDate, scheduledTime, duration, serviceId, consultationFee, status: status ?? 'scheduled', details };
}

export const create = defineOperation({
  namespace: 'appointments',
  name: 'create', audience: member(),
  summary: 'Book an appointment (CONFLICT when the doctor is busy or has reserved the time)',
  writes: true,
  input,
  output: appointmentItem,
  async handler(ctx, input) {
    return { item: await book(ctx, bookingOf(input)) };
  },
});
