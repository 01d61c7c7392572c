import { sql } from 'kysely';
import { APPOINTMENT_STATUS, appointmentResource } from '../fhir.resources.ts';
import { idParam, lastUpdatedParam, patientParam, stageIn } from './common.ts';
import { defineFhirType, patientOfRows } from './define.ts';
import { patient } from './patient.ts';
import { practitioner } from './practitioner.ts';
import { appointmentReadOwner } from '../fhir.patient-owner.ts';

/** http://hl7.org/fhir/appointmentstatus (a required binding): the codes `status` takes. */
const APPOINTMENT_STATUS_CODES = ['proposed', 'pending', 'booked', 'arrived', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error', 'checked-in', 'waitlist'];

/** The organization's appointments; their times are on its clock (organizations.timezone). */
export const appointment = defineFhirType({
  type: 'Appointment',
  describes: 'An appointment',
  table: 'appointments',
  zoned: true,
  mandatory: ['status', 'participant'],
  resource: (row, { timeZone }) => appointmentResource(row, timeZone),
  patientData: patientOfRows('appointments'),
  readOwner: appointmentReadOwner,
  ownPatientsParam: 'patient',
  includes: {
    'Appointment:patient': { target: () => patient, column: 'patientId' },
    'Appointment:practitioner': { target: () => practitioner, column: 'doctorId' },
  },
  searchParams: [
    idParam,
    patientParam('http://hl7.org/fhir/SearchParameter/Appointment-patient', 'the appointments of those patients'),
    {
      name: 'practitioner',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/Appointment-practitioner',
      documentation: 'Practitioner/{id} or the id: the appointments with those doctors.',
      target: 'Practitioner',
      column: 'doctorId',
    },
    {
      name: 'date',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/Appointment-date',
      documentation: 'The start, as days of the organization\'s clock (YYYY, YYYY-MM or YYYY-MM-DD) with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply (a range).',
      column: sql.ref('startMinute'),
      space: 'localMinute',
    },
    {
      name: 'status',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/Appointment-status',
      documentation: 'An appointmentstatus code, optionally with its system: booked is scheduled or confirmed, checked-in, arrived (in consultation), fulfilled (completed), cancelled, noshow, pending (a hold); the others match none.',
      system: 'http://hl7.org/fhir/appointmentstatus',
      codes: APPOINTMENT_STATUS_CODES,
      where: stageIn('stage', APPOINTMENT_STATUS, 'proposed'),
    },
    lastUpdatedParam,
  ],
});
