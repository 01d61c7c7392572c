import { sql } from 'kysely';
import { chargeItemResource } from '../fhir.resources.ts';
import { idParam, lastUpdatedParam, patientParam } from './common.ts';
import { account } from './account.ts';
import { defineFhirType, patientOfRows } from './define.ts';
import { patient } from './patient.ts';

/** The organization's admission charges (docs/fhir.md, "ChargeItem"). */
export const chargeItem = defineFhirType({
  type: 'ChargeItem',
  describes: 'A charge applied to an admission',
  table: 'admissionCharges',
  resource: chargeItemResource,
  mandatory: ['status', 'code', 'subject'],
  patientData: patientOfRows('admissionCharges'),
  includes: {
    'ChargeItem:patient': { target: () => patient, column: 'patientId' },
    'ChargeItem:account': { target: () => account, column: 'admissionId' },
  },
  searchParams: [
    idParam,
    patientParam('http://hl7.org/fhir/SearchParameter/ChargeItem-patient', 'the charges of those patients'),
    {
      name: 'context',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/ChargeItem-context',
      documentation: 'Encounter/{id} or the id: the charges of those admissions.',
      target: 'Encounter',
      column: 'admissionId',
    },
    {
      name: 'account',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/ChargeItem-account',
      documentation: 'Account/{id} or the id: the charges of those admissions\' accounts (an Account\'s id is its admission\'s).',
      target: 'Account',
      column: 'admissionId',
    },
    {
      name: 'entered-date',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/ChargeItem-entered-date',
      documentation: 'When the charge was applied (enteredDate): a date (the organization\'s day) or an instant, with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply.',
      column: sql.ref('createdAt'),
      space: 'instant',
    },
    lastUpdatedParam,
  ],
});
