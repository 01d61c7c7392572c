import { sql, type Expression, type SqlBool } from 'kysely';
import { containsLiteral } from '../../../db/text-search.ts';
import { AUDIT_ACTIONS, auditEventResource } from '../fhir.resources.ts';
import { SOURCE } from '../search/rows.ts';
import { anyOf, inColumn } from '../search/params.ts';
import { idParam } from './common.ts';
import { defineFhirType } from './define.ts';

const named = (start: string) => sql<SqlBool>`${sql.ref('operation')} like ${`%.${start}%`}`;

const ofKind = (kind: 'write' | 'read') => sql<SqlBool>`${sql.ref('kind')} = ${kind}`;

/** The entries whose action is one of `codes`: R the reads; a write's the first action its name matches (fhir.resources.ts, auditAction). */
function actionIn(codes: readonly string[]): Expression<SqlBool> {
  const writes = writeActionIn(codes);
  const parts = [...(writes ? [sql<SqlBool>`(${ofKind('write')} and ${writes})`] : []), ...(codes.includes('R') ? [ofKind('read')] : [])];
  return parts.length === 0 ? sql<SqlBool>`1 = 0` : anyOf(parts);
}

function writeActionIn(codes: readonly string[]): Expression<SqlBool> | undefined {
  const parts: Expression<SqlBool>[] = [];
  const earlier: Expression<SqlBool>[] = [];
  for (const { action, starts } of AUDIT_ACTIONS) {
    const matches = anyOf(starts.map(named));
    if (codes.includes(action)) parts.push(earlier.length === 0 ? matches : sql<SqlBool>`(${matches} and not ${anyOf(earlier)})`);
    earlier.push(matches);
  }
  if (codes.includes('E')) parts.push(sql<SqlBool>`not ${anyOf(earlier)}`);
  return parts.length === 0 ? undefined : anyOf(parts);
}

/** A write naming one of the records, or a read of one of the patients. */
function entityIn(ids: readonly string[]): Expression<SqlBool> {
  return anyOf([sql<SqlBool>`(${ofKind('write')} and ${inColumn('recordId')(ids)})`, sql<SqlBool>`(${ofKind('read')} and ${anyOf(ids.map((id) => containsLiteral('patientIds', JSON.stringify(id))))})`]);
}

/** The organization's audit trail of writes and its read log, one list, read-only, for its admins (docs/fhir.md, "AuditEvent"). */
export const auditEvent = defineFhirType({
  type: 'AuditEvent',
  describes: 'A write of the audit trail or a read of patient data',
  table: 'auditLog',
  source: (db) =>
    db
      .selectFrom('auditLog')
      .select([
        'id',
        'organizationId',
        sql<string>`'write'`.as('kind'),
        'at',
        'actorId',
        'actorAddress',
        'operation',
        'recordId',
        sql<string | null>`null`.as('patientIds'),
        'requestId',
      ])
      .unionAll(
        db
          .selectFrom('patientDataReads')
          .select((eb) => [
            'id',
            'organizationId',
            sql<string>`'read'`.as('kind'),
            'at',
            eb.ref('actorIdpUserId').as('actorId'),
            eb.ref('ip').as('actorAddress'),
            'operation',
            sql<string | null>`null`.as('recordId'),
            eb.ref('patientIds').as('patientIds'),
            'requestId',
          ]),
      ) as never,
  resource: auditEventResource,
  mandatory: ['type', 'recorded', 'agent', 'source'],
  async related(db, organizationId, rows) {
    const actors = [...new Set(rows.map((row) => row.actorId).filter((actor): actor is string => typeof actor === 'string'))];
    const members = actors.length === 0 ? [] : await db.selectFrom('users').select(['id', 'idpUserId']).where('organizationId', '=', organizationId).where('idpUserId', 'in', actors).execute();
    return rows.map((row) => ({ ...row, practitionerId: members.find((member) => member.idpUserId === row.actorId)?.id }));
  },
  searchParams: [
    idParam,
    {
      name: 'date',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/AuditEvent-date',
      documentation: 'When the write was made (recorded): a date (the organization\'s day) or an instant, with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply.',
      column: sql.ref('at'),
      space: 'instant',
    },
    {
      name: 'agent',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/AuditEvent-agent',
      documentation: 'Practitioner/{id} or the id: the writes of those members.',
      target: 'Practitioner',
      column: 'actorId',
      where: (ids) =>
        sql<SqlBool>`${sql.ref('actorId')} in (select ${sql.ref('users.idpUserId')} from ${sql.table('users')} where ${sql.ref('users.id')} in (${sql.join(ids)}) and ${sql.ref('users.organizationId')} = ${sql.ref(`${SOURCE}.organizationId`)})`,
    },
    {
      name: 'entity',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/AuditEvent-entity',
      documentation: 'The id of the record written, bare or as {Type}/{id} of any type (the trail holds the id, not its type); or Patient/{id} (or the id) of a patient whose data was read.',
      target: 'Any',
      column: 'recordId',
      where: entityIn,
    },
    {
      name: 'action',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/AuditEvent-action',
      documentation: 'R (a read of patient data), or a write\'s: C (create), U (update, set), D (delete, remove) or E (any other write), from the operation\'s name; optionally with the system http://hl7.org/fhir/audit-event-action.',
      system: 'http://hl7.org/fhir/audit-event-action',
      codes: ['C', 'R', 'U', 'D', 'E'],
      where: actionIn,
    },
    {
      name: 'subtype',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/AuditEvent-subtype',
      documentation: 'The operation, namespace.apiName (e.g. patients.create), optionally with the system urn:healthops:operation.',
      system: 'urn:healthops:operation',
      where: inColumn('operation'),
    },
  ],
});
