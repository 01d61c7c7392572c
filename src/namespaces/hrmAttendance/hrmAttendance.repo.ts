import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../values/errors.ts';
import { offsetOf } from '../../values/paging.ts';
import type { HrmAttendanceTable } from './hrmAttendance.table.ts';
import { hoursWorked } from './hrmAttendance.times.ts';

export type AttendanceRecord = Selectable<HrmAttendanceTable>;

export async function findAttendance(db: Db, organizationId: string, id: string): Promise<AttendanceRecord | undefined> {
  return db.selectFrom('hrmAttendance').selectAll().where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

export async function getAttendance(db: Db, organizationId: string, id: string): Promise<AttendanceRecord> {
  const found = await findAttendance(db, organizationId, id);
  if (!found) throw notFound('hrmAttendance record');
  return found;
}

export async function insertAttendance(db: Db, record: Insertable<HrmAttendanceTable>): Promise<AttendanceRecord> {
  const rows = await db.insertInto('hrmAttendance').values(record).returningAll().execute();
  return rows[0]!;
}

export async function patchAttendance(db: Db, organizationId: string, id: string, changes: Partial<AttendanceRecord>): Promise<AttendanceRecord> {
  const rows = await db
    .updateTable('hrmAttendance')
    .set(changes)
    .where('organizationId', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .execute();
  if (!rows[0]) throw notFound('hrmAttendance record');
  return rows[0];
}

export async function removeAttendance(db: Db, organizationId: string, id: string): Promise<void> {
  const result = await db.deleteFrom('hrmAttendance').where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('hrmAttendance record');
}

export const SORT_KEYS = ['attendanceDate', 'employeeName', 'status', 'workedMinutes', 'lateMinutes', 'firstCheckIn', 'createdAt'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface AttendanceFilter {
  date?: string | undefined;
  status?: string | undefined;
  employeeId?: string | undefined;
  shiftId?: string | undefined;
  search?: string | undefined;
}

export interface AttendanceListItem {
  id: string;
  employeeId: string;
  /** the code and the department fields are the interface's, which this service does not keep: always null */
  employeeCode: null;
  employeeName: string | null;
  departmentId: null;
  departmentName: null;
  shiftId: string | null;
  attendanceDate: string;
  checkIn: string | null;
  checkOut: string | null;
  workedMinutes: number | null;
  hoursWorked: string | null;
  lateMinutes: number | null;
  status: string;
  source: string | null;
  remarks: string | null;
}

/**
 * The employee's display name "where known": the user record of the same organization whose id
 * or idpUserId is the employeeId (a match on id wins).
 */
function employeeName(eb: ExpressionBuilder<Database & { a: HrmAttendanceTable }, 'a'>) {
  return eb
    .selectFrom('users as u')
    .select('u.displayName')
    .whereRef('u.organizationId', '=', 'a.organizationId')
    .where((w) => w.or([w('u.id', '=', w.ref('a.employeeId')), w('u.idpUserId', '=', w.ref('a.employeeId'))]))
    .orderBy(sql`case when ${sql.ref('u.id')} = ${sql.ref('a.employeeId')} then 0 else 1 end`)
    .orderBy('u.id')
    .limit(1);
}

export async function pageAttendance(
  db: Db,
  organizationId: string,
  filter: AttendanceFilter,
  sort: { by: SortKey; order: 'asc' | 'desc' },
  page: number,
  limit: number,
): Promise<{ items: AttendanceListItem[]; total: number }> {
  let inner = db
    .selectFrom('hrmAttendance as a')
    .selectAll('a')
    .select((eb) => employeeName(eb).as('employeeName'))
    .where('a.organizationId', '=', organizationId);
  if (filter.date !== undefined) inner = inner.where('a.attendanceDate', '=', filter.date);
  if (filter.status !== undefined) inner = inner.where('a.status', '=', filter.status);
  if (filter.employeeId !== undefined) inner = inner.where('a.employeeId', '=', filter.employeeId);
  if (filter.shiftId !== undefined) inner = inner.where('a.shiftId', '=', filter.shiftId);

  let query = db.selectFrom(inner.as('x'));
  if (filter.search !== undefined) {
    const text = filter.search;
    query = query.where((eb) => eb.or([containsText('x.employeeName', text), containsText('x.employeeId', text)]));
  }

  // Missing values sort last in both directions, the same on both databases.
  const key = sort.by === 'employeeName' ? sql`lower(${sql.ref('x.employeeName')})` : sql.ref(`x.${sort.by}`);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy(sql`case when ${key} is null then 1 else 0 end`)
      .orderBy(key, sort.order)
      .orderBy('x.id', sort.order)
      .limit(limit)
      .offset(offsetOf(page, limit))
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toListItem), total: Number(count.n) };
}

function toListItem(row: AttendanceRecord & { employeeName: string | null }): AttendanceListItem {
  return {
    id: row.id,
    employeeId: row.employeeId,
    employeeCode: null,
    employeeName: row.employeeName,
    departmentId: null,
    departmentName: null,
    shiftId: row.shiftId,
    attendanceDate: row.attendanceDate,
    checkIn: row.firstCheckIn,
    checkOut: row.lastCheckOut,
    workedMinutes: row.workedMinutes,
    hoursWorked: hoursWorked(row.workedMinutes),
    lateMinutes: row.lateMinutes,
    status: row.status,
    source: row.source,
    remarks: row.remarks,
  };
}

/** Count of the organization's records on one date, per status. */
export async function countByStatus(db: Db, organizationId: string, date: string): Promise<{ status: string; n: number }[]> {
  const rows = await db
    .selectFrom('hrmAttendance')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .where('organizationId', '=', organizationId)
    .where('attendanceDate', '=', date)
    .groupBy('status')
    .orderBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}
