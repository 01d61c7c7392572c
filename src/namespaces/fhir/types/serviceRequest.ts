import { sql } from 'kysely';
import { SERVICE_REQUEST_STATUS, serviceRequestResource } from '../fhir.resources.ts';
import { idParam, lastUpdatedParam, patientParam, stageIn } from './common.ts';
import { defineFhirType, patientOfRows } from './define.ts';
import { patient } from './patient.ts';
import { practitioner } from './practitioner.ts';
import { serviceRequestReadOwner } from '../fhir.patient-owner.ts';

/** http://hl7.org/fhir/request-status (a required binding): the codes `status` takes. */
const REQUEST_STATUS_CODES = ['draft', 'active', 'on-hold', 'revoked', 'completed', 'entered-in-error', 'unknown'];

/** The organization's lab orders, as orders for their tests (docs/fhir.md, "ServiceRequest"). */
export const serviceRequest = defineFhirType({
  type: 'ServiceRequest',
  describes: 'A lab order',
  table: 'labOrders',
  resource: serviceRequestResource,
  mandatory: ['status', 'intent', 'subject'],
  patientData: patientOfRows('labOrders'),
  readOwner: serviceRequestReadOwner,
  ownPatientsParam: 'patient',
  includes: {
    'ServiceRequest:patient': { target: () => patient, column: 'patientId' },
    'ServiceRequest:requester': { target: () => practitioner, column: 'doctorId' },
  },
  async related(db, organizationId, rows) {
    const tests = await db
      .selectFrom('labOrderTests')
      .select(['labOrderId', 'name', 'code'])
      .where('organizationId', '=', organizationId)
      .where('labOrderId', 'in', rows.map((row) => String(row.id)))
      .orderBy('labOrderId')
      .orderBy('position')
      .execute();
    return rows.map((row) => ({ ...row, tests: tests.filter((test) => test.labOrderId === row.id) }));
  },
  searchParams: [
    idParam,
    patientParam('http://hl7.org/fhir/SearchParameter/clinical-patient', 'the lab orders of those patients'),
    {
      name: 'requester',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/ServiceRequest-requester',
      documentation: 'Practitioner/{id} or the id: the lab orders of those doctors.',
      target: 'Practitioner',
      column: 'doctorId',
    },
    {
      name: 'status',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/ServiceRequest-status',
      documentation: 'A request-status code, optionally with its system: active (ordered, in progress), completed, revoked (cancelled); the others match none.',
      system: 'http://hl7.org/fhir/request-status',
      codes: REQUEST_STATUS_CODES,
      where: stageIn('status', SERVICE_REQUEST_STATUS, 'unknown'),
    },
    {
      name: 'authored',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/ServiceRequest-authored',
      documentation: 'When the order was made (authoredOn): a date (the organization\'s day) or an instant, with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply.',
      column: sql.ref('createdAt'),
      space: 'instant',
    },
    lastUpdatedParam,
  ],
});
