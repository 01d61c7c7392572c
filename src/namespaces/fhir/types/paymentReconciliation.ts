import { sql, type SqlBool } from 'kysely';
import { PAYMENT_REFERENCE_SYSTEM, paymentReconciliationResource } from '../fhir.resources.payment.ts';
import { account } from './account.ts';
import { identifierParam, idParam, patientParam } from './common.ts';
import { defineFhirType, patientOfRows } from './define.ts';
import { patient } from './patient.ts';
import { practitioner } from './practitioner.ts';

/** http://hl7.org/fhir/fm-status (a required binding): the codes `status` takes; every payment recorded is active. */
const FINANCIAL_STATUS_CODES = ['active', 'cancelled', 'draft', 'entered-in-error'];

/**
 * Where R4 defines no search parameter (PaymentReconciliation names no patient nor account in a
 * searchable element): the service's own, named by this base (docs/fhir.md, "PaymentReconciliation").
 */
const OWN_SEARCH_PARAMETER = 'urn:healthops:SearchParameter/PaymentReconciliation';

/** The payments and refunds received against the organization's admissions (docs/fhir.md, "PaymentReconciliation"). */
export const paymentReconciliation = defineFhirType({
  type: 'PaymentReconciliation',
  describes: 'A payment received against an admission, or a refund of one',
  table: 'admissionPayments',
  zoned: true,
  resource: (row, { timeZone }) => paymentReconciliationResource(row, timeZone),
  mandatory: ['status', 'created', 'paymentDate', 'paymentAmount'],
  patientData: patientOfRows('admissionPayments'),
  includes: {
    'PaymentReconciliation:patient': { target: () => patient, column: 'patientId' },
    'PaymentReconciliation:account': { target: () => account, column: 'admissionId' },
    'PaymentReconciliation:requestor': { target: () => practitioner, column: 'receivedByUserId' },
  },
  searchParams: [
    idParam,
    patientParam(`${OWN_SEARCH_PARAMETER}-patient`, 'the payments and refunds of those patients\' admissions (the service\'s own parameter: R4 defines none)'),
    {
      name: 'account',
      type: 'reference',
      definition: `${OWN_SEARCH_PARAMETER}-account`,
      documentation: 'Account/{id} or the id: the payments and refunds of those admissions\' accounts, as detail.request names them (the service\'s own parameter: R4 defines none).',
      target: 'Account',
      column: 'admissionId',
    },
    {
      name: 'requestor',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/PaymentReconciliation-requestor',
      documentation: 'Practitioner/{id} or the id: the payments and refunds that member took or paid.',
      target: 'Practitioner',
      column: 'receivedByUserId',
    },
    identifierParam('http://hl7.org/fhir/SearchParameter/PaymentReconciliation-identifier', PAYMENT_REFERENCE_SYSTEM, 'reference', 'The payment\'s reference (a receipt number, a UPI or card transaction id)'),
    {
      name: 'status',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/PaymentReconciliation-status',
      documentation: 'A financial resource status code, optionally with its system: active finds every payment and refund (recorded ones are never cancelled); the others match none.',
      system: 'http://hl7.org/fhir/fm-status',
      codes: FINANCIAL_STATUS_CODES,
      where: (codes) => (codes.includes('active') ? sql<SqlBool>`1 = 1` : sql<SqlBool>`1 = 0`),
    },
    {
      name: 'created',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/PaymentReconciliation-created',
      documentation: 'When the payment was recorded (created): a date (the organization\'s day) or an instant, with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply.',
      column: sql.ref('createdAt'),
      space: 'instant',
    },
    {
      name: '_lastUpdated',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/Resource-lastUpdated',
      documentation: 'When the payment was recorded (meta.lastUpdated; payments are never changed): a date or an instant, with a prefix; given twice, both apply.',
      column: sql.ref('createdAt'),
      space: 'instant',
    },
  ],
});
