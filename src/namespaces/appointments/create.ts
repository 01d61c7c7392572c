import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { bool, date, id } from '../../values/fields.ts';
import { money } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { book, defined } from './appointments.booking.ts';
import { bookingFields, label, statusText, text } from './appointments.fields.ts';

export const create = defineOperation({
  namespace: 'appointments',
  name: 'create', audience: member(),
  summary: 'Book an appointment (CONFLICT when the doctor is busy or has reserved the time)',
  writes: true,
  input: z.object({
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
  }),
  async handler(ctx, input) {
    const item = await book(ctx, {
      ...input,
      status: input.status ?? 'scheduled',
      other: defined({
        type: input.type,
        organizationBranchId: input.organizationBranchId,
        reason: input.reason,
        notes: input.notes,
        paymentStatus: input.paymentStatus,
        amountPaid: input.amountPaid,
        paymentMethod: input.paymentMethod,
        isPreConsultationCompleted: input.isPreConsultationCompleted,
        followUpDate: input.followUpDate,
        followUpStatus: input.followUpStatus,
      }),
    });
    return { item };
  },
});
