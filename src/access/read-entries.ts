import { newId } from '../values/ids.ts';
import type { PatientResolver, ReadRecord } from '../operations/reads.ts';
import type { PatientDataReadPatientsTable, PatientDataReadsTable } from './patient-data-reads.table.ts';

/** A read as the dispatcher saw it; turned into rows only when its batch is written. */
export interface PendingRead {
  at: number;
  actorIdpUserId: string;
  operation: string;
  /** the organization the call concerned (null: none resolved, e.g. a platform admin's unnamed list) */
  organizationId: string | null;
  requestId: string;
  ip: string;
  /** the records of the answer (the operation's `reads`), taken when the read is queued so the answer is not kept */
  records: ReadRecord[];
  /** finds the patients of records that name them by a key (`via`), before the batch is written */
  resolve?: PatientResolver | undefined;
}

export interface ReadRows {
  read: PatientDataReadsTable;
  patients: PatientDataReadPatientsTable[];
}

/**
 * The rows of one read: one per organization whose records it answered (a read spanning
 * organizations is logged for each, so that every organization's admins see theirs), one when it
 * answered nothing (the attempt is logged too).
 */
export function rowsOf(pending: PendingRead): ReadRows[] {
  const groups = new Map<string | null, { recordIds: Set<string>; patientIds: Set<string> }>();
  const groupOf = (organizationId: string | null) => {
    let group = groups.get(organizationId);
    if (!group) groups.set(organizationId, (group = { recordIds: new Set(), patientIds: new Set() }));
    return group;
  };
  for (const record of pending.records) {
    const group = groupOf(record.organizationId ?? pending.organizationId);
    if (record.id) group.recordIds.add(record.id);
    if (record.patientId) group.patientIds.add(record.patientId);
  }
  if (groups.size === 0) groupOf(pending.organizationId);
  return [...groups].map(([organizationId, { recordIds, patientIds }]) => {
    const id = newId();
    return {
      read: {
        id,
        at: pending.at,
        actorIdpUserId: pending.actorIdpUserId,
        operation: pending.operation,
        organizationId,
        recordIds: JSON.stringify([...recordIds]),
        patientIds: JSON.stringify([...patientIds]),
        requestId: pending.requestId,
        ip: pending.ip,
      },
      patients: [...patientIds].map((patientId) => ({ readId: id, patientId, organizationId, at: pending.at })),
    };
  });
}
