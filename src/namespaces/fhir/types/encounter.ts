import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { isPostgres } from '../../../db/migrations/dialect-features.ts';
import type { PatientResolver } from '../../../operations/reads.ts';
import { encounterReadOwner } from '../fhir.patient-owner.ts';
import { ENCOUNTER_CLASSES, ENCOUNTER_STATUS, encounterResource } from '../fhir.resources.ts';
import { inColumn } from '../search/params.ts';
import { idParam, lastUpdatedParam, literalColumn, patientParam, stageIn } from './common.ts';
import { defineFhirType, patientOfRows } from './define.ts';
import { patient } from './patient.ts';
import { practitioner } from './practitioner.ts';

/** http://hl7.org/fhir/encounter-status (a required binding): the codes `status` takes. */
const ENCOUNTER_STATUS_CODES = ['planned', 'arrived', 'triaged', 'in-progress', 'onleave', 'finished', 'cancelled', 'entered-in-error', 'unknown'];

/** The appointment stages of a visit that began (appointments.status.ts): the patient came. */
const VISIT_STAGES = ['checked_in', 'in_consultation', 'completed'];

/**
 * When an appointment's history (JSON text: entries `{ at, operation, ... }`, appointments.repo.ts)
 * first records one of `operations`, in unix milliseconds; null when it records none. Every move
 * into a stage is recorded under its workflow operation's name (checkIn, start, complete), also
 * when update made it.
 */
function firstMoveAt(db: Db, operations: readonly string[]): RawBuilder<number | null> {
  const history = sql.ref('appointments.history');
  if (isPostgres(db)) {
    return sql<number | null>`(select min((${sql.ref('entry.value')} ->> 'at')::bigint) from json_array_elements(${history}::json) as entry where ${sql.ref('entry.value')} ->> 'operation' in (${sql.join(operations)}))`;
  }
  return sql<number | null>`(select min(json_extract(${sql.ref('entry.value')}, '$.at')) from json_each(${history}) as entry where json_extract(${sql.ref('entry.value')}, '$.operation') in (${sql.join(operations)}))`;
}

/**
 * Admissions and visits as one list in the admissions' columns (docs/fhir.md, "Encounter"): a
 * visit's doctor is its admittingDoctorId, its check-in (or start, or completion, the first
 * recorded) its admittedAt, its completion its dischargedAt, its reason its admissionReason. A
 * visit's id is its appointment's: ids are UUIDs, unique across tables, so no admission has it.
 */
function admissionsAndVisits(db: Db) {
  return db
    .selectFrom('admissions')
    .select(['id', 'organizationId', literalColumn('IMP').as('class'), 'patientId', 'admittingDoctorId', 'stage', 'requestedAt', 'admittedAt', 'dischargedAt', 'admissionReason', 'updatedAt'])
    .unionAll(
      // Cast: typed as the admission's columns, some of which a visit may lack (a reason, a check-in).
      db
        .selectFrom('appointments')
        .where('appointments.stage', 'in', VISIT_STAGES)
        .select((eb) => [
          'id',
          'organizationId',
          literalColumn('AMB').as('class'),
          'patientId',
          eb.ref('doctorId').as('admittingDoctorId'),
          'stage',
          literalColumn(null).as('requestedAt'),
          firstMoveAt(db, ['checkIn', 'start', 'complete']).as('admittedAt'),
          firstMoveAt(db, ['complete']).as('dischargedAt'),
          eb.ref('reason').as('admissionReason'),
          'updatedAt',
        ]) as never,
    );
}

const admissionPatients = patientOfRows('admissions');
const visitPatients = patientOfRows('appointments');
const patientsOfEncounters: PatientResolver = async (db, ids) => new Map([...(await admissionPatients(db, ids)), ...(await visitPatients(db, ids))]);

/** The organization's admissions, as inpatient Encounters, and visits, as ambulatory ones. */
export const encounter = defineFhirType({
  type: 'Encounter',
  describes: 'An admission or a visit',
  table: 'admissions',
  source: (db) => admissionsAndVisits(db) as never,
  resource: encounterResource,
  mandatory: ['status', 'class'],
  patientData: patientsOfEncounters,
  readOwner: encounterReadOwner,
  ownPatientsParam: 'patient',
  includes: {
    'Encounter:patient': { target: () => patient, column: 'patientId' },
    'Encounter:practitioner': { target: () => practitioner, column: 'admittingDoctorId' },
  },
  searchParams: [
    idParam,
    patientParam('http://hl7.org/fhir/SearchParameter/clinical-patient', 'the admissions and visits of those patients'),
    {
      name: 'practitioner',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/Encounter-practitioner',
      documentation: 'Practitioner/{id} or the id: the admissions of those admitting doctors, the visits with those doctors.',
      target: 'Practitioner',
      column: 'admittingDoctorId',
    },
    {
      name: 'date',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/clinical-date',
      documentation: 'The start of the period (an admission: admitted, or requested while not yet admitted; a visit: checked in), a date (the organization\'s day) or an instant, with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply.',
      column: sql`coalesce(${sql.ref('admittedAt')}, ${sql.ref('requestedAt')})`,
      space: 'instant',
    },
    {
      name: 'status',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/Encounter-status',
      documentation: 'An encounter-status code, optionally with its system: planned (an admission requested), arrived (a visit checked in), in-progress (admitted, discharge requested; a visit in consultation), finished (discharged; a visit completed), cancelled (an admission); the others match none.',
      system: 'http://hl7.org/fhir/encounter-status',
      codes: ENCOUNTER_STATUS_CODES,
      where: stageIn('stage', ENCOUNTER_STATUS, 'unknown'),
    },
    {
      name: 'class',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/Encounter-class',
      documentation: 'IMP (an admission) or AMB (a visit), optionally with the system http://terminology.hl7.org/CodeSystem/v3-ActCode.',
      system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
      codes: Object.keys(ENCOUNTER_CLASSES),
      where: inColumn('class'),
    },
    lastUpdatedParam,
  ],
});
