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

export type PatientRow = ResourceRecord<'patients'>;

export interface PatientRecord {
  id: string;
  organizationId: string;
  name: string;
  dob: string | null;
  gender: string | null;
  /** normalised: separators removed, `+` and 7 to 15 digits */
  mobileNumber: string | null;
  /** lower case */
  email: string | null;
  address: Record<string, unknown> | null;
  /** the patient's own sign-in identity, if they have one and accepted the link */
  idpUserId: string | null;
  /** a link staff asked for, pending that account's answer (patients.linkRequests.ts) */
  linkPendingIdpUserId: string | null;
  linkRequestedBy: string | null;
  linkRequestedAt: number | null;
  linkExpiresAt: number | null;
  createdAt: number;
  updatedAt: number;
}

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
  prepare(record: PatientRow, ctx, current) {
    if (typeof record.dob === 'string' && record.dob > dateIn(EARLIEST_ZONE, ctx.now())) {
      throw validationFailed('dob', 'must not be in the future');
    }
    return withAccountLink(ctx, record, current);
  },
  present: (record, ctx) => presentLink(record, ctx.now()),
});

export const asPatient = (record: PatientRow) => record;
