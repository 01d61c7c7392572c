import { member } from '../../access/audience.ts';
import { z } from 'zod';
import { validationFailed } from '../../rpc/errors.ts';
import { reqStr } from '../../rpc/fields.ts';
import { defineResource, type ApiRecord } from '../../rpc/resource.ts';
import { dateIn } from '../../time/zone.ts';
import { normalizedEmail, phoneNumber } from '../auth/auth.fields.ts';
import { idpUserId } from '../users/users.resource.ts';

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
  /** the patient's own sign-in identity, if they have one */
  idpUserId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** The zone furthest ahead: a date of birth after today there is after today everywhere. */
const EARLIEST_ZONE = 'Pacific/Kiritimati';

/**
 * Patients of an organization. Mobile number and email are normalised as auth does (so lookups by
 * contact match however they were typed) and not unique: one family often shares a number. An
 * idpUserId belongs to at most one patient record per organization (CONFLICT otherwise).
 */
export const patients = defineResource({
  namespace: 'patients', audience: member(),
  readsPatientData: true,
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
  prepare(record: ApiRecord, ctx) {
    if (typeof record.dob === 'string' && record.dob > dateIn(EARLIEST_ZONE, ctx.now())) {
      throw validationFailed('dob', 'must not be in the future');
    }
    return record;
  },
});

export const asPatient = (record: ApiRecord) => record as unknown as PatientRecord;
