import type { PatientDataReadPatientsTable, PatientDataReadsTable } from '../db/schema.ts';
import { newId } from '../rpc/ids.ts';

/** A read as the dispatcher saw it; turned into rows only when its batch is written. */
export interface PendingRead {
  at: number;
  actorIdpUserId: string;
  /** the operation's namespace: a `patients` record is itself the patient */
  namespace: string;
  operation: string;
  /** the organization the call concerned (null: none resolved, e.g. a platform admin's unnamed list) */
  organizationId: string | null;
  requestId: string;
  ip: string;
  result: unknown;
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
  for (const record of recordsOf(pending.result)) {
    const group = groupOf(text(record.organizationId) ?? pending.organizationId);
    const recordId = text(record.id);
    if (recordId) group.recordIds.add(recordId);
    const patientId = patientIdOf(record, pending.namespace);
    if (patientId) group.patientIds.add(patientId);
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
