import { sql, type Expression, type SqlBool } from 'kysely';
import { DOCUMENT_NUMBER_SYSTEM, invoiceResource } from '../fhir.resources.ts';
import { identifierParam, idParam, patientParam } from './common.ts';
import { defineFhirType, patientOfRows } from './define.ts';
import { patient } from './patient.ts';

/** The kinds of billing document that are invoices; receipts and credit notes are not (docs/fhir.md, "Invoice"). */
const INVOICE_KINDS = ['TAX_INVOICE', 'BILL_OF_SUPPLY'];

/** http://hl7.org/fhir/invoice-status (a required binding). */
const INVOICE_STATUS_CODES = ['draft', 'issued', 'balanced', 'cancelled', 'entered-in-error'];

const cancelled = sql<SqlBool>`${sql.ref('id')} in (select ${sql.ref('documentId')} from ${sql.table('billingCancellations')})`;

function statusIn(codes: readonly string[]): Expression<SqlBool> {
  if (codes.includes('issued') && codes.includes('cancelled')) return sql<SqlBool>`1 = 1`;
  if (codes.includes('issued')) return sql<SqlBool>`not ${cancelled}`;
  return codes.includes('cancelled') ? cancelled : sql<SqlBool>`1 = 0`;
}

/** The organization's invoices: tax invoices and bills of supply, their lines, cancellation and credit notes. */
export const invoice = defineFhirType({
  type: 'Invoice',
  describes: 'An invoice (a tax invoice or a bill of supply)',
  table: 'billingDocuments',
  scope: (organizationId) => sql<SqlBool>`(${sql.ref('organizationId')} = ${organizationId} and ${sql.ref('kind')} in (${sql.join(INVOICE_KINDS)}))`,
  resource: invoiceResource,
  mandatory: ['status'],
  patientData: patientOfRows('billingDocuments'),
  includes: { 'Invoice:patient': { target: () => patient, column: 'patientId' } },
  async related(db, organizationId, rows) {
    const ids = rows.map((row) => String(row.id));
    const [lines, cancellations, credits] = await Promise.all([
      db.selectFrom('billingDocumentLines').selectAll().where('organizationId', '=', organizationId).where('documentId', 'in', ids).orderBy('documentId').orderBy('position').execute(),
      db.selectFrom('billingCancellations').select(['documentId', 'reason', 'cancelledAt']).where('organizationId', '=', organizationId).where('documentId', 'in', ids).execute(),
      db
        .selectFrom('billingDocuments as d')
        .leftJoin('billingCancellations as c', 'c.documentId', 'd.id')
        .select(['d.againstId', 'd.number', 'd.issueDate', 'd.grandTotal'])
        .where('d.organizationId', '=', organizationId)
        .where('d.kind', '=', 'CREDIT_NOTE')
        .where('d.againstId', 'in', ids)
        .where('c.documentId', 'is', null)
        .orderBy('d.sequence')
        .execute(),
    ]);
    return rows.map((row) => ({
      ...row,
      lines: lines.filter((line) => line.documentId === row.id),
      cancellation: cancellations.find((one) => one.documentId === row.id),
      credits: credits.filter((credit) => credit.againstId === row.id),
    }));
  },
  searchParams: [
    idParam,
    patientParam('http://hl7.org/fhir/SearchParameter/Invoice-patient', 'the invoices of those patients'),
    identifierParam('http://hl7.org/fhir/SearchParameter/Invoice-identifier', DOCUMENT_NUMBER_SYSTEM, 'number', 'The number as printed (e.g. INV/2627/17)'),
    {
      name: 'status',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/Invoice-status',
      documentation: 'An invoice-status code, optionally with its system: issued, cancelled; the others match none.',
      system: 'http://hl7.org/fhir/invoice-status',
      codes: INVOICE_STATUS_CODES,
      where: statusIn,
    },
    {
      name: 'date',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/Invoice-date',
      documentation: 'When it was issued: a date (the organization\'s day, as the printed issue date) or an instant, with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply.',
      column: sql.ref('issuedAt'),
      space: 'instant',
    },
    {
      name: '_lastUpdated',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/Resource-lastUpdated',
      documentation: 'When it was issued, or cancelled once cancelled (meta.lastUpdated; documents are otherwise never changed): a date or an instant, with a prefix; given twice, both apply.',
      column: sql`coalesce((select ${sql.ref('cancelledAt')} from ${sql.table('billingCancellations')} where ${sql.ref('billingCancellations.documentId')} = ${sql.ref('billingDocuments.id')}), ${sql.ref('billingDocuments.createdAt')})`,
      space: 'instant',
    },
  ],
});
