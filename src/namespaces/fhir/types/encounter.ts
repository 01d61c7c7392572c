import { sql } from 'kysely';
import { ENCOUNTER_STATUS, encounterResource } from '../fhir.resources.ts';
import { idParam, lastUpdatedParam, stageIn } from './common.ts';
import { defineFhirType, patientOfRows } from './define.ts';
import { patient } from './patient.ts';
import { practitioner } from './practitioner.ts';

/** http://hl7.org/fhir/encounter-status (a required binding): the codes `status` takes. */
const ENCOUNTER_STATUS_CODES = ['planned', 'arrived', 'triaged', 'in-progress', 'onleave', 'finished', 'cancelled', 'entered-in-error', 'unknown'];

/** The organization's admissions, as inpatient Encounters. */
export const encounter = defineFhirType({
  type: 'Encounter',
  describes: 'An admission',
  table: 'admissions',
  resource: encounterResource,
  mandatory: ['status', 'class'],
  patientData: patientOfRows('admissions'),
  includes: {
    'Encounter:patient': { target: () => patient, column: 'patientId' },
    'Encounter:practitioner': { target: () => practitioner, column: 'admittingDoctorId' },
  },
  searchParams: [
    idParam,
    {
      name: 'patient',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/clinical-patient',
      documentation: 'Patient/{id} or the id: the admissions of those patients.',
      target: 'Patient',
      column: 'patientId',
    },
    {
      name: 'practitioner',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/Encounter-practitioner',
      documentation: 'Practitioner/{id} or the id: the admissions of those admitting doctors.',
      target: 'Practitioner',
      column: 'admittingDoctorId',
    },
    {
      name: 'date',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/clinical-date',
      documentation: 'The start of the period (admitted, or requested while not yet admitted): a date (the organization\'s day) or an instant, with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply.',
      column: sql`coalesce(${sql.ref('admittedAt')}, ${sql.ref('requestedAt')})`,
      space: 'instant',
    },
    {
      name: 'status',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/Encounter-status',
      documentation: 'An encounter-status code, optionally with its system: planned (requested), in-progress (admitted, discharge requested), finished (discharged), cancelled; the others match none.',
      system: 'http://hl7.org/fhir/encounter-status',
      codes: ENCOUNTER_STATUS_CODES,
      where: stageIn('stage', ENCOUNTER_STATUS, 'unknown'),
    },
    lastUpdatedParam,
  ],
});
