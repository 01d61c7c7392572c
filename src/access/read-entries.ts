import { newId } from '../values/ids.ts';
import type { PatientDataReadPatientsTable, PatientDataReadsTable } from './patient-data-reads.table.ts';

/** What the log keeps of one record of an answer. */
export interface RecordRef {
  id: string | undefined;
  organizationId: string | undefined;
  patientId: string | undefined;
}

/** A read as the dispatcher saw it; turned into rows only when its batch is written. */
export interface PendingRead {
  at: number;
  actorIdpUserId: string;
  operation: string;
  /** the organization the call concerned (null: none resolved, e.g. a platform admin's unnamed list) */
  organizationId: string | null;
  requestId: string;
  ip: string;
  /** the records of the answer (refsOf), taken when the read is queued so the answer is not kept */
  records: RecordRef[];
}

export interface ReadRows {
  read: PatientDataReadsTable;
  patients: PatientDataReadPatientsTable[];
}

type ApiObject = Record<string, unknown>;

const isObject = (v: unknown): v is ApiObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The records an answer holds: `{ item }`, `{ items }` (a page), an array, or the answer itself. */
export function recordsOf(result: unknown): ApiObject[] {
  if (Array.isArray(result)) return result.filter(isObject);
  if (!isObject(result)) return [];
  if (isObject(result.item)) return [result.item];
  if (Array.isArray(result.items)) return result.items.filter(isObject);
  return [result];
}

/** The patient a record is of: a patients record itself, else its `patientId` or embedded `patient`. */
export function patientIdOf(record: ApiObject, namespace: string): string | undefined {
  if (namespace === 'patients') return text(record.id);
  return text(record.patientId) ?? (isObject(record.patient) ? text(record.patient.id) : undefined);
}

/** What the log keeps of the records of an answer. */
export function refsOf(result: unknown, namespace: string): RecordRef[] {
  return recordsOf(result).map((record) => ({
    id: text(record.id),
    organizationId: text(record.organizationId),
    patientId: patientIdOf(record, namespace),
  }));
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
