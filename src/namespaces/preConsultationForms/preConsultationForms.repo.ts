import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { lockedIfPostgres } from '../../db/locks.ts';
import { readPage } from '../../db/paged-list.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../values/errors.ts';
import { offsetOf, pageOf, type Page } from '../../values/paging.ts';
import { fromJsonText, toBool, toJsonText } from '../../values/record.ts';
import { patchRow } from '../appointments/appointments.public.ts';
import { departmentKey, type FormStatus } from './preConsultationForms.fields.ts';
import { found } from '../../values/found.ts';
import type { PreConsultationFormsTable } from './preConsultationForms.table.ts';

/** Query functions of the preConsultationForms namespace; each takes the handle (`db` or the transaction) first. */

export interface FormRecord {
  id: string;
  organizationId: string;
  appointmentId: string;
  idpUserId: string;
  departmentName: string;
  answers: Record<string, unknown>;
  status: FormStatus;
  submittedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

type FormRow = Selectable<PreConsultationFormsTable>;

function toRecord(row: FormRow): FormRecord {
  return {
    id: row.id,
    organizationId: row.organizationId,
    appointmentId: row.appointmentId,
    idpUserId: row.idpUserId,
    departmentName: row.departmentName,
    answers: fromJsonText<Record<string, unknown>>(row.answers) ?? {},
    status: row.status as FormStatus,
    submittedAt: row.submittedAt === null ? null : Number(row.submittedAt),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

function toRow(record: FormRecord): FormRow {
  return { ...record, departmentKey: departmentKey(record.departmentName), answers: toJsonText(record.answers)! };
}

export async function findForm(db: Db, organizationId: string, id: string): Promise<FormRecord | undefined> {
  const row = await db
    .selectFrom('preConsultationForms')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The form in the organization; NOT_FOUND without it. */
export function getForm(db: Db, organizationId: string, id: string): Promise<FormRecord> {
  return found(findForm(db, organizationId, id), 'pre-consultation form');
}

export async function insertForm(db: Db, record: FormRecord): Promise<FormRecord> {
  const rows = await db.insertInto('preConsultationForms').values(toRow(record)).returningAll().execute();
  return toRecord(rows[0]!);
}

/** Writes the whole record (the caller merged the changes into it). */
export async function saveForm(db: Db, record: FormRecord): Promise<FormRecord> {
  const { id, organizationId, ...fields } = toRow(record);
  const rows = await db
    .updateTable('preConsultationForms')
    .set(fields)
    .where('organizationId', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .execute();
  if (!rows[0]) throw notFound('pre-consultation form');
  return toRecord(rows[0]);
}

export async function deleteForm(db: Db, organizationId: string, id: string): Promise<void> {
  const result = await db.deleteFrom('preConsultationForms').where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('pre-consultation form');
}

export interface FormFilters {
  appointmentId?: string | undefined;
  status?: FormStatus | undefined;
  /** only the forms of this person (see ownsForm) */
  ownedBy?: string | undefined;
  /** only the forms of the organization's appointments matching these */
  ofAppointments?: AppointmentScope | undefined;
}

export interface AppointmentScope {
  doctorId?: string | undefined;
  patientId?: string | undefined;
  /** [from, to) on the start, in local minutes */
  startFrom?: number | undefined;
  startTo?: number | undefined;
}

/** The ids of the organization's appointments matching the scope (read along the appointments' own indexes). */
function appointmentsIn(eb: ExpressionBuilder<Database, 'preConsultationForms'>, organizationId: string, scope: AppointmentScope) {
  let query = eb.selectFrom('appointments').select('appointments.id').where('appointments.organizationId', '=', organizationId);
  if (scope.doctorId !== undefined) query = query.where('appointments.doctorId', '=', scope.doctorId);
  if (scope.patientId !== undefined) query = query.where('appointments.patientId', '=', scope.patientId);
  if (scope.startFrom !== undefined) query = query.where('appointments.startMinute', '>=', scope.startFrom);
  if (scope.startTo !== undefined) query = query.where('appointments.startMinute', '<', scope.startTo);
  return query;
}

/** The ids of the organization's appointments whose patient record has this sign-in identity. */
function appointmentsOfPerson(eb: ExpressionBuilder<Database, 'preConsultationForms'>, organizationId: string, idpUserId: string) {
  return eb
    .selectFrom('appointments')
    .innerJoin('patients', (join) =>
      join.onRef('patients.id', '=', 'appointments.patientId').onRef('patients.organizationId', '=', 'appointments.organizationId'),
    )
    .select('appointments.id')
    .where('appointments.organizationId', '=', organizationId)
    .where('patients.idpUserId', '=', idpUserId);
}

/** The organization's forms, newest first (createdAt, then id). */
export async function pageForms(db: Db, organizationId: string, filters: FormFilters, page: number, pageSize: number): Promise<Page<FormRecord>> {
  const base = () => {
    let query = db.selectFrom('preConsultationForms').where('organizationId', '=', organizationId);
    if (filters.appointmentId) query = query.where('appointmentId', '=', filters.appointmentId);
    if (filters.status) query = query.where('status', '=', filters.status);
    const scope = filters.ofAppointments;
    if (scope) query = query.where('appointmentId', 'in', (eb) => appointmentsIn(eb, organizationId, scope));
    const owner = filters.ownedBy;
    if (owner) {
      query = query.where((eb) => eb.or([eb('idpUserId', '=', owner), eb('appointmentId', 'in', appointmentsOfPerson(eb, organizationId, owner))]));
    }
    return query;
  };
  const [rows, count] = await Promise.all([
    readPage(db, base().selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offsetOf(page, pageSize)), pageSize, ['answers']),
    base().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(toRecord), Number(count.n), page, pageSize);
}

export async function countSubmitted(db: Db, organizationId: string, appointmentId: string): Promise<number> {
  const row = await db
    .selectFrom('preConsultationForms')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organizationId', '=', organizationId)
    .where('appointmentId', '=', appointmentId)
    .where('status', '=', 'submitted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a form needs of its appointment. */
export interface AppointmentRef {
  id: string;
  organizationId: string;
  patientId: string;
  isPreConsultationCompleted: boolean | null;
}

/**
 * The organization's appointment; with `lock` (PostgreSQL) its row stays locked until the
 * transaction ends, so that changes of its forms' submissions and of its flag are serialised.
 */
export async function findAppointment(db: Db, dialect: Dialect, organizationId: string, id: string, lock = false): Promise<AppointmentRef | undefined> {
  const query = db
    .selectFrom('appointments')
    .select(['id', 'organizationId', 'patientId', 'isPreConsultationCompleted'])
    .where('organizationId', '=', organizationId)
    .where('id', '=', id);
  const row = await (lock ? lockedIfPostgres(query, dialect) : query).executeTakeFirst();
  return row && { ...row, isPreConsultationCompleted: toBool(row.isPreConsultationCompleted) };
}

export async function setPreConsultationCompleted(db: Db, appointment: AppointmentRef, value: boolean, now: number): Promise<void> {
  if (appointment.isPreConsultationCompleted === value) return;
  await patchRow(db, appointment.organizationId, appointment.id, { isPreConsultationCompleted: value, updatedAt: now });
}
