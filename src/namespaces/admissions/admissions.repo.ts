import type { Db } from '../../db/database.ts';
import { matchingRows } from '../../db/queries/matching-rows.ts';
import { readPage } from '../../db/paged-list.ts';
import { containsText } from '../../db/text-search.ts';
import { offsetOf, pageOf, type Page } from '../../values/paging.ts';
import type { AdmissionRecord } from './admissions.resource.ts';
import { admissions } from './admissions.resource.ts';
import { stageOf, type KnownStatus } from './admissions.status.ts';

/** Query functions for admissions; each takes the handle first. */

export async function findAdmission(db: Db, organizationId: string, id: string): Promise<AdmissionRecord | undefined> {
  return admissions.repo.find(db, organizationId, id);
}

/** The stage of an admission's lifecycle (the `stage` column, not in the record); undefined: no such admission. */
export async function stageOfAdmission(db: Db, organizationId: string, id: string): Promise<KnownStatus | undefined> {
  const row = await db.selectFrom('admissions').select('stage').where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
  return row ? stageOf(row.stage) : undefined;
}

export async function setStage(db: Db, organizationId: string, id: string, stage: KnownStatus): Promise<void> {
  await db.updateTable('admissions').set({ stage }).where('organizationId', '=', organizationId).where('id', '=', id).execute();
}

/** Does any charge (voided or not) name the admission? */
export async function hasCharges(db: Db, organizationId: string, admissionId: string): Promise<boolean> {
  return (await matchingRows(db, 'admissionCharges', { organizationId, admissionId }).limit(1).executeTakeFirst()) !== undefined;
}

export interface AdmissionFilters {
  organizationId: string;
  status?: string | null | undefined;
  /** any of these statuses (as `status`) */
  statuses?: readonly string[] | undefined;
  admittingDoctorId?: string | undefined;
  patientId?: string | undefined;
  /** [from, to) on admittedAt, unix ms */
  admittedFrom?: number | undefined;
  admittedTo?: number | undefined;
  /** contains, case-insensitive: the patient's name or mobile number, or the admission reason */
  search?: string | null | undefined;
}

/** A page of admissions, newest first (createdAt, then id). */
export async function pageAdmissions(db: Db, filters: AdmissionFilters, pageNo: number, pageSize: number): Promise<Page<AdmissionRecord>> {
  let query = db
    .selectFrom('admissions')
    .innerJoin('patients', 'patients.id', 'admissions.patientId')
    .where('admissions.organizationId', '=', filters.organizationId);
  if (filters.status) query = query.where('admissions.status', '=', filters.status);
  if (filters.statuses?.length) query = query.where('admissions.status', 'in', [...filters.statuses]);
  if (filters.admittingDoctorId) query = query.where('admissions.admittingDoctorId', '=', filters.admittingDoctorId);
  if (filters.patientId) query = query.where('admissions.patientId', '=', filters.patientId);
  if (filters.admittedFrom !== undefined) query = query.where('admissions.admittedAt', '>=', filters.admittedFrom);
  if (filters.admittedTo !== undefined) query = query.where('admissions.admittedAt', '<', filters.admittedTo);
  const search = filters.search;
  if (search) {
    query = query.where((eb) =>
      eb.or([containsText('patients.name', search), containsText('patients.mobileNumber', search), containsText('admissions.admissionReason', search)]),
    );
  }
  const [rows, count] = await Promise.all([
    readPage(db, query.selectAll('admissions').orderBy('admissions.createdAt', 'desc').orderBy('admissions.id', 'desc').limit(pageSize).offset(offsetOf(pageNo, pageSize)), pageSize, admissions.repo.freeForm),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map((r) => admissions.repo.toRecord(r)), Number(count.n), pageNo, pageSize);
}
