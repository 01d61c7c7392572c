import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { date, id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { listEntries } from './appointments.waitlist.ts';
import { knownDoctor } from '../services/services.public.ts';
import { knownPatient } from '../patients/patients.public.ts';
import { itemsResult } from '../../values/results.ts';
import { waitlistRecord } from './appointments.results.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

/** The organization's waitlist, by day and then first come first (at most 1,000 entries); a doctor or patient named that the organization does not have is NOT_FOUND. */
export const listWaitlist = defineOperation({
  namespace: 'appointments',
  name: 'listWaitlist', audience: member(),
  summary: 'The waitlist of the organization, a doctor, a patient or a day, first come first',
  readsPatientData: true, reads: itemsReads(byPatientId),
  input: z.object({ organizationId: id(), doctorId: id().nullish(), patientId: id().nullish(), date: date().nullish() }),
  output: itemsResult(waitlistRecord),
  async handler(ctx, input) {
    if (input.doctorId) await knownDoctor(ctx.db, input.organizationId, input.doctorId);
    if (input.patientId) await knownPatient(ctx.db, input.organizationId, input.patientId);
    return { items: await listEntries(ctx.db, input, ctx.now()) };
  },
});
