import { sql, type Expression, type SqlBool } from 'kysely';
import { AUDIT_ACTIONS, auditEventResource } from '../fhir.resources.ts';
import { anyOf, inColumn } from '../search/params.ts';
import { idParam } from './common.ts';
import { defineFhirType } from './define.ts';

const named = (start: string) => sql<SqlBool>`${sql.ref('operation')} like ${`%.${start}%`}`;

/** The writes whose action (fhir.resources.ts, auditAction) is one of `codes`: the first action whose names match, as the mapping reads them. */
function actionIn(codes: readonly string[]): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  const earlier: Expression<SqlBool>[] = [];
  for (const { action, starts } of AUDIT_ACTIONS) {
    const matches = anyOf(starts.map(named));
    if (codes.includes(action)) parts.push(earlier.length === 0 ? matches : sql<SqlBool>`(${matches} and not ${anyOf(earlier)})`);
    earlier.push(matches);
  }
  if (codes.includes('E')) parts.push(sql<SqlBool>`not ${anyOf(earlier)}`);
  return parts.length === 0 ? sql<SqlBool>`1 = 0` : anyOf(parts);
}

/** The organization's audit trail of writes, read-only, for its admins (docs/fhir.md, "AuditEvent"). */
export const auditEvent = defineFhirType({
  type: 'AuditEvent',
  describes: 'A write of the audit trail',
  table: 'auditLog',
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
        sql<SqlBool>`${sql.ref('actorId')} in (select ${sql.ref('users.idpUserId')} from ${sql.table('users')} where ${sql.ref('users.id')} in (${sql.join(ids)}) and ${sql.ref('users.organizationId')} = ${sql.ref('auditLog.organizationId')})`,
    },
    {
      name: 'entity',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/AuditEvent-entity',
      documentation: 'The id of the record written, bare or as {Type}/{id} of any type (the trail holds the id, not its type).',
      target: 'Any',
      column: 'recordId',
    },
    {
      name: 'action',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/AuditEvent-action',
      documentation: 'C (create), U (update, set), D (delete, remove) or E (any other write), from the operation\'s name, optionally with the system http://hl7.org/fhir/audit-event-action.',
      system: 'http://hl7.org/fhir/audit-event-action',
      codes: ['C', 'R', 'U', 'D', 'E'],
      // R finds none: the trail holds writes (the read log is not mapped).
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
