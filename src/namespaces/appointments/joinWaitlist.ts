import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { date, id, reqStr } from '../../values/fields.ts';
import { validationFailed } from '../../values/errors.ts';
import { newId } from '../../values/ids.ts';
import { defineOperation } from '../../operations/operation.ts';
import { duration, text } from './appointments.fields.ts';
import { ownerByBookedPatient } from './appointments.owners.ts';
import { clockOf, doctorOf, patientOf, serviceOf } from './appointments.references.ts';
import { assertNotWaiting, insertEntry } from './appointments.waitlist.ts';
import { itemResult } from '../../values/results.ts';
import { waitlistRecord } from './appointments.results.ts';

/**
 * Puts a patient on a doctor's waitlist for a day (today or later on the organization's clock).
 * A patient joins for itself (its linked account), staff for any patient. CONFLICT when the patient
 * already waits for that doctor's day.
 */
export const joinWaitlist = defineOperation({
  namespace: 'appointments',
  name: 'joinWaitlist', audience: self(ownerByBookedPatient),
  summary: 'Wait for a doctor\'s day: the first freed time that fits is held for the patient',
  writes: true,
  input: z.object({
    organizationId: id(),
    doctorId: id(),
    patientId: id(),
    date: date(),
    duration: duration(),
    type: reqStr().max(200),
    serviceId: id().nullish(),
    notes: text().nullish(),
  }),
  output: itemResult(waitlistRecord),
  async handler(ctx, input) {
    const { organizationId } = input;
    await doctorOf(ctx.db, organizationId, input.doctorId);
    await patientOf(ctx.db, organizationId, input.patientId);
    if (input.serviceId) await serviceOf(ctx.db, organizationId, input.serviceId, input.doctorId);
    if (input.date < (await clockOf(ctx, organizationId)).today) throw validationFailed('date', 'must be today or later');
    const now = ctx.now();
    await assertNotWaiting(ctx.db, input, now);
    const row = {
      id: newId(),
      ...input,
      serviceId: input.serviceId ?? null,
      notes: input.notes ?? null,
      status: 'waiting',
      appointmentId: null,
      offeredAt: null,
      createdAt: now,
      updatedAt: now,
    };
    return { item: await insertEntry(ctx.db, row) };
  },
});
