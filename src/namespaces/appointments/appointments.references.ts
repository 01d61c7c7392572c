import type { Db } from '../../db/database.ts';
import { cachedRead } from '../../db/table-cache.ts';
import { notFound, validationFailed } from '../../values/errors.ts';
import { found } from '../../values/found.ts';
import type { Context } from '../../operations/operation.ts';
import { parseJsonArray } from '../../values/record.ts';
import { localNow } from '../../time/local-minutes.ts';
import { findOrganizationById, settingsOf, type OrganizationSettings } from '../organizations/organizations.public.ts';
import { findPatient, type PatientRecord } from '../patients/patients.public.ts';
import { findService, knownDoctor, type ServiceRecord } from '../services/services.public.ts';

/** The records an appointment refers to, checked to be the organization's own. */

export interface DoctorRef {
  /** the users record id */
  id: string;
  idpUserId: string;
  organizationId: string;
  displayName: string | null;
}

const holdsDoctor = (row: { role: string; roles: string }) => row.role === 'doctor' || parseJsonArray(row.roles).includes('doctor');

/** The doctor (a users record with role doctor) of the organization, else VALIDATION_FAILED on `path`. */
export async function doctorOf(db: Db, organizationId: string, doctorId: string, path = 'doctorId'): Promise<DoctorRef> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'idpUserId', 'organizationId', 'displayName', 'role', 'roles'])
    .where('id', '=', doctorId)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  if (!row || !holdsDoctor(row)) throw validationFailed(path, 'no such doctor in this organization (a user record id with role doctor)');
  return { id: row.id, idpUserId: row.idpUserId, organizationId, displayName: row.displayName };
}

/**
 * A doctor named without an organization (reserved slots): the users record with this id, or else
 * the one doctor record of the person with this idpUserId. NOT_FOUND when there is none; a person
 * who is a doctor in several organizations must be named by the record id (VALIDATION_FAILED).
 */
export async function doctorByReference(db: Db, reference: string, path = 'doctorId'): Promise<DoctorRef> {
  const select = () => db.selectFrom('users').select(['id', 'idpUserId', 'organizationId', 'displayName', 'role', 'roles']);
  const byId = await select().where('id', '=', reference).executeTakeFirst();
  const candidates = byId ? [byId] : await select().where('idpUserId', '=', reference).execute();
  const doctors = candidates.filter((r) => holdsDoctor(r) && r.organizationId !== null);
  if (doctors.length === 0) throw notFound('doctor');
  if (doctors.length > 1) throw validationFailed(path, 'this person is a doctor in several organizations: give the user record id');
  const row = doctors[0]!;
  return { id: row.id, idpUserId: row.idpUserId, organizationId: row.organizationId!, displayName: row.displayName };
}

/** The users records of the organization that `reference` names: by record id or by idpUserId. */
export async function userIdsByReference(db: Db, organizationId: string, reference: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where((eb) => eb.or([eb('id', '=', reference), eb('idpUserId', '=', reference)]))
    .execute();
  return rows.map((r) => r.id);
}

export async function patientOf(db: Db, organizationId: string, patientId: string, path = 'patientId'): Promise<PatientRecord> {
  const patient = await findPatient(db, organizationId, patientId);
  if (!patient) throw validationFailed(path, 'no such patient in this organization');
  return patient;
}

/** The service of the organization; when it is a doctor's consultation, that doctor's. */
export async function serviceOf(db: Db, organizationId: string, serviceId: string, doctorId: string): Promise<ServiceRecord> {
  const service = await findService(db, organizationId, serviceId);
  if (!service) throw validationFailed('serviceId', 'no such service in this organization');
  if (service.doctorId && service.doctorId !== doctorId) throw validationFailed('serviceId', 'this service is another doctor\'s consultation');
  return service;
}

export interface OrganizationClock {
  /** whether the organization has an organizations record */
  known: boolean;
  settings: OrganizationSettings;
  /** the organization's time zone, else the service's */
  timeZone: string;
  /** today in that zone */
  today: string;
  /** now as a local minute in that zone */
  nowMinute: number;
}

/** Settings and "now" of an organization; one that has no organizations record takes every default. */
export async function clockOf(ctx: Context, organizationId: string): Promise<OrganizationClock> {
  // Every booking asks: remembered until the organizations table changes (src/db/table-cache.ts).
  const known = await cachedRead(ctx.db, ['organizations'], `clock:${organizationId}`, async () => {
    const organization = await findOrganizationById(ctx.db, organizationId);
    return Object.freeze({ known: organization !== undefined, timeZone: organization?.timezone ?? null, settings: Object.freeze(settingsOf(organization)) });
  });
  const timeZone = known.timeZone ?? ctx.config.timeZone;
  return { known: known.known, settings: known.settings, timeZone, ...localNow(timeZone, ctx.now()) };
}

/**
 * The organization (an organizations record) and the doctor and service a read names in it, else
 * NOT_FOUND naming the first missing: an empty answer would hide a wrong id. The organization is
 * the remembered read of clockOf (its clock is the answer); the others one look-up by id each.
 */
export async function assertKnown(ctx: Context, organizationId: string, named: { doctorId?: string | undefined; serviceId?: string | undefined }): Promise<OrganizationClock> {
  const clock = await clockOf(ctx, organizationId);
  if (!clock.known) throw notFound('organization');
  if (named.doctorId !== undefined) await knownDoctor(ctx.db, organizationId, named.doctorId);
  if (named.serviceId !== undefined) await found(findService(ctx.db, organizationId, named.serviceId), 'service');
  return clock;
}
