import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { id, reqStr } from '../../values/fields.ts';
import type { Context } from '../../operations/operation.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { dateIn } from '../../time/zone.ts';
import { isDoctorOf } from '../services/services.public.ts';
import { doctorsOwnWrites } from '../../access/owners.ts';

export type EducationRecord = ResourceRecord<'doctorEducation'>;

export const EDUCATION_STATUSES = ['completed', 'ongoing', 'discontinued'] as const;
export const FIRST_YEAR = 1900;
/** Years up to this many after the current one are plausible (a course's planned end). */
export const YEARS_AHEAD = 10;

export const degree = () => reqStr().max(200);
export const institute = () => z.string().trim().max(200);
export const year = () => z.int().min(FIRST_YEAR, `must be ${FIRST_YEAR} or later`);
export const educationStatus = () => z.enum(EDUCATION_STATUSES, { error: `must be one of: ${EDUCATION_STATUSES.join(', ')}` });

/** The current year in the service's time zone. */
function currentYear(ctx: Context): number {
  return Number(dateIn(ctx.config.timeZone, ctx.now()).slice(0, 4));
}

/**
 * Invariants of the full record about to be written: the doctor is a users record with role doctor
 * in the organization (checked when it is set, i.e. on create), each year at most the current year
 * + YEARS_AHEAD, and endYear >= startYear when both are set (so an update of one is checked against
 * the stored other).
 */
async function prepare(record: EducationRecord, ctx: Context, current?: EducationRecord): Promise<EducationRecord> {
  if (record.doctorId !== current?.doctorId && !(await isDoctorOf(ctx.db, record.organizationId, record.doctorId))) {
    throw validationFailed('doctorId', 'must be the id of a user record with role doctor in this organization');
  }
  const latest = currentYear(ctx) + YEARS_AHEAD;
  for (const field of ['startYear', 'endYear'] as const) {
    const value = record[field];
    if (value !== null && value > latest) throw validationFailed(field, `must be ${latest} or earlier`);
  }
  const { startYear, endYear } = record;
  if (startYear !== null && endYear !== null && endYear < startYear) throw validationFailed('endYear', 'must not be before startYear');
  return record;
}

/**
 * A doctor's degrees in an organization. create, getById, update and delete are generated (the
 * record stays the same doctor's: doctorId is not among the update fields, and is ignored there);
 * listByDoctor is written by hand with this repository. Reads are public
 * (the doctor directory; no field here is private); writes are the doctor's own, or its
 * organization's admins' (the role table).
 */
export const doctorEducation = defineResource({
  namespace: 'doctorEducation', audience: everyone,
  audiences: doctorsOwnWrites('doctorEducation'),
  table: 'doctorEducation',
  scope: 'organization',
  createOnly: ['doctorId'],
  generate: ['create', 'getById', 'update', 'delete'],
  fields: {
    doctorId: { kind: 'string', required: true, schema: id() },
    degree: { kind: 'string', required: true, schema: degree() },
    institute: { kind: 'string', schema: institute() },
    startYear: { kind: 'int', schema: year() },
    endYear: { kind: 'int', schema: year() },
    educationStatus: { kind: 'string', schema: educationStatus() },
  },
  prepare,
});
