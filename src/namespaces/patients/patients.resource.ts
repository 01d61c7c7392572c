import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { idpUserId, reqStr } from '../../values/fields.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { dateIn } from '../../time/zone.ts';
import { normalizedEmail, phoneNumber } from '../auth/auth.public.ts';
import { withAccountLink } from './patients.accountLink.ts';
import { presentLink } from './patients.linkRequests.ts';
import { isPatient } from '../../operations/reads.ts';

/** A patient record: its row, address decoded (patients.table.ts says what each column holds). */
export type PatientRecord = ResourceRecord<'patients'>;

/** The zone furthest ahead: a date of birth after today there is after today everywhere. */
const EARLIEST_ZONE = 'Pacific/Kiritimati';

/**
 * Patients of an organization, for its staff (roles: src/access/grants.ts). Mobile number and
 * email are normalised as auth does (so lookups by contact match however they were typed) and not
 * unique: one family often shares a number. idpUserId is the account linked to the record (by
 * staff, or by the account proving the number: confirmLink); one account may hold several records
 * of a family. create may link a new record as linkAccount would; update never changes the link
 * (patients.accountLink.ts). Records are answered with a link asked for shown (presentLink).
 */
export const patients = defineResource({
  namespace: 'patients', audience: member(), readsPatientData: true, patientOf: isPatient,
  table: 'patients',
  scope: 'organization',
  fields: {
    name: { kind: 'string', required: true, schema: reqStr().max(200) },
    dob: { kind: 'date' },
    gender: { kind: 'string', schema: z.string().trim().max(32) },
    mobileNumber: { kind: 'string', schema: phoneNumber() },
    email: { kind: 'email', schema: normalizedEmail() },
    address: { kind: 'json' },
    idpUserId: { kind: 'string', schema: idpUserId() },
  },
  listSearch: ['name', 'mobileNumber', 'email'],
  prepare(record: PatientRecord, ctx, current) {
    if (typeof record.dob === 'string' && record.dob > dateIn(EARLIEST_ZONE, ctx.now())) {
      throw validationFailed('dob', 'must not be in the future');
    }
    return withAccountLink(ctx, record, current);
  },
  present: (record, ctx) => presentLink(record, ctx.now()),
});

/** Kept for appointments.createByDoctor, which still calls it: the repository's records are PatientRecords already. */
export const asPatient = (record: PatientRecord) => record;
