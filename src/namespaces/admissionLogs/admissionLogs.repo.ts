import type { Actor } from '../../caller/actor.ts';
import type { Db } from '../../db/database.ts';
import { matchingRows } from '../../db/queries/matching-rows.ts';
import { newId } from '../../values/ids.ts';
import { admissionLogs, type AdmissionLogRecord } from './admissionLogs.resource.ts';

/** An event of the admissions workflow: a status entered, a bed given / changed / freed, billing cleared ... */
export interface AdmissionEvent {
  event: string;
  notes?: string | null;
}

/**
 * Appends the workflow's events for an admission, in the given order, with the actor (null without
 * a token) and the time. Call it with the transaction that made the change. These rows are
 * `source: system` and cannot be edited or deleted through admissionLogs.
 */
export async function appendLogs(db: Db, admission: { id: string; organizationId: string; patientId: string }, actor: Actor | null, events: readonly AdmissionEvent[], now: number): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('admissionLogs')
    .values(
      events.map((e) => ({
        id: newId(),
        organizationId: admission.organizationId,
        admissionId: admission.id,
        patientId: admission.patientId,
        event: e.event,
        performedByUserId: actor?.userId ?? null,
        performedByRole: actor?.role ?? null,
        notes: e.notes ?? null,
        source: 'system',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}

/** Every log row of the admission, oldest first (ids are time-ordered, so rows written together keep their order). */
export async function logsOfAdmission(db: Db, organizationId: string, admissionId: string): Promise<AdmissionLogRecord[]> {
  const rows = await matchingRows(db, 'admissionLogs', { organizationId, admissionId }, { by: ['createdAt'] }).execute();
  return rows.map((r) => admissionLogs.repo.toRecord(r));
}
