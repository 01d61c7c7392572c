import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { pageOfQuery } from '../../db/paged-list.ts';
import type { Database } from '../../db/schema.ts';
import type { PatientDataReadsTable } from '../../access/patient-data-reads.table.ts';
import { parseJsonArray } from '../../values/record.ts';
import type { Page } from '../../values/paging.ts';

/** A read of patient data as answered: the id lists as arrays. */
export interface PatientDataRead extends Omit<PatientDataReadsTable, 'recordIds' | 'patientIds'> {
  recordIds: string[];
  patientIds: string[];
}

export interface ReadFilter {
  organizationId?: string | undefined;
  patientId?: string | undefined;
  actorIdpUserId?: string | undefined;
  /** unix ms, inclusive */
  from?: number | undefined;
  /** unix ms, inclusive */
  to?: number | undefined;
}

type ReadsQuery = SelectQueryBuilder<Database, 'patientDataReads', object>;

const TABLES = ['patientDataReads', 'patientDataReadPatients'];

const toRead = (row: PatientDataReadsTable): PatientDataRead => ({
  ...row,
  recordIds: parseJsonArray(row.recordIds),
  patientIds: parseJsonArray(row.patientIds),
});

/** A page of the read log matching every given filter, newest first. */
export function pageReads(db: Db, filter: ReadFilter, pageNo: number, pageSize: number): Promise<Page<PatientDataRead>> {
  let query: ReadsQuery = db.selectFrom('patientDataReads');
  if (filter.organizationId !== undefined) query = query.where('organizationId', '=', filter.organizationId);
  if (filter.actorIdpUserId !== undefined) query = query.where('actorIdpUserId', '=', filter.actorIdpUserId);
  if (filter.patientId !== undefined) {
    const patientId = filter.patientId;
    query = query.where('id', 'in', db.selectFrom('patientDataReadPatients').select('readId').where('patientId', '=', patientId));
  }
  return pageOfReads(db, TABLES, within(query, filter), pageNo, pageSize);
}

/** The reads of any patient record linked to this account (patients.idpUserId), newest first. */
export function pageReadsOfLinkedPatients(
  db: Db,
  idpUserId: string,
  window: Pick<ReadFilter, 'from' | 'to'>,
  pageNo: number,
  pageSize: number,
): Promise<Page<PatientDataRead>> {
  const linked = db.selectFrom('patients').select('id').where('idpUserId', '=', idpUserId);
  const reads = db.selectFrom('patientDataReadPatients').select('readId').where('patientId', 'in', linked);
  const query = within(db.selectFrom('patientDataReads').where('id', 'in', reads), window);
  return pageOfReads(db, [...TABLES, 'patients'], query, pageNo, pageSize);
}

/** The ids of the patient records linked to this account. */
export async function linkedPatientIds(db: Db, idpUserId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('patients').select('id').where('idpUserId', '=', idpUserId).execute();
  return new Set(rows.map((r) => r.id));
}

function within(query: ReadsQuery, window: Pick<ReadFilter, 'from' | 'to'>): ReadsQuery {
  if (window.from !== undefined) query = query.where('at', '>=', window.from);
  if (window.to !== undefined) query = query.where('at', '<=', window.to);
  return query;
}

async function pageOfReads(db: Db, tables: string[], query: ReadsQuery, pageNo: number, pageSize: number): Promise<Page<PatientDataRead>> {
  const rows = query.selectAll().orderBy('at', 'desc').orderBy('id', 'desc');
  return pageOfQuery(db, tables, query, rows, pageNo, pageSize, toRead, ['recordIds', 'patientIds']);
}
