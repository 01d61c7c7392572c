import { sql, type SqlBool } from 'kysely';
import type { FhirResource } from '../fhir.resources.ts';
import { idParam, lastUpdatedParam } from './common.ts';
import { defineFhirType } from './define.ts';

type Row = Record<string, unknown>;

/**
 * A practitioner schedule (src/namespaces/practitionerSchedules) as a Schedule (docs/fhir.md,
 * "Schedule and Slot"): the doctor (and the service, when the schedule is one service's) as its
 * actors, its validity as the planning horizon. Its free slots are the Slots of slots/.
 */
export function scheduleResource(row: Row): FhirResource<'Schedule'> {
  const validTo = typeof row.validTo === 'string' ? row.validTo : undefined;
  return {
    resourceType: 'Schedule',
    id: String(row.id),
    meta: { lastUpdated: new Date(Number(row.updatedAt)).toISOString() },
    // Records are removed, not deactivated; the planning horizon says when the schedule holds.
    active: true,
    actor: [
      { reference: `Practitioner/${String(row.doctorId)}` },
      ...(typeof row.serviceId === 'string' ? [{ reference: `HealthcareService/${row.serviceId}` }] : []),
    ],
    planningHorizon: { start: String(row.validFrom), ...(validTo ? { end: validTo } : {}) },
    comment: `slots of ${String(row.slotMinutes)} minutes`,
  };
}

/** Schedules: the organization's practitioner schedules. */
export const schedule = defineFhirType({
  type: 'Schedule',
  describes: 'A practitioner schedule',
  table: 'practitionerSchedules',
  resource: scheduleResource,
  searchParams: [
    idParam,
    {
      name: 'actor',
      type: 'reference',
      target: 'Practitioner',
      definition: 'http://hl7.org/fhir/SearchParameter/Schedule-actor',
      documentation: 'The doctor: Practitioner/{id} or the id; several separated by commas.',
      column: 'doctorId',
    },
    {
      name: 'active',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/Schedule-active',
      documentation: 'true or false: every schedule is active (a schedule no longer wanted is removed).',
      codes: ['true', 'false'],
      where: (codes) => (codes.includes('true') ? sql<SqlBool>`1 = 1` : sql<SqlBool>`1 = 0`),
    },
    lastUpdatedParam,
  ],
});
