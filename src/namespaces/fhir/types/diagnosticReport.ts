import { sql, type Expression, type SqlBool } from 'kysely';
import { diagnosticReportResource } from '../fhir.resources.ts';
import { idParam, lastUpdatedParam } from './common.ts';
import { defineFhirType } from './define.ts';
import { patient } from './patient.ts';
import { diagnosticReportReadOwner } from '../fhir.patient-owner.ts';

/** http://hl7.org/fhir/diagnostic-report-status (a required binding): the codes `status` takes. */
const REPORT_STATUS_CODES = ['registered', 'partial', 'preliminary', 'final', 'amended', 'corrected', 'appended', 'cancelled', 'entered-in-error', 'unknown'];

/** The files whose lab order matches `condition` (the order's patient, its status). */
const ofOrders = (condition: Expression<SqlBool>) => sql<SqlBool>`${sql.ref('labOrderId')} in (select ${sql.ref('id')} from ${sql.table('labOrders')} where ${condition})`;

/** A report is cancelled with its order, final otherwise (fhir.resources.ts, diagnosticReportResource). */
function statusIn(codes: readonly string[]): Expression<SqlBool> {
  const cancelled = ofOrders(sql<SqlBool>`${sql.ref('status')} = 'cancelled'`);
  if (codes.includes('final') && codes.includes('cancelled')) return sql<SqlBool>`1 = 1`;
  if (codes.includes('final')) return sql<SqlBool>`not ${cancelled}`;
  return codes.includes('cancelled') ? cancelled : sql<SqlBool>`1 = 0`;
}

/** The organization's lab result files, each the report of its order's test (docs/fhir.md, "DiagnosticReport"). */
export const diagnosticReport = defineFhirType({
  type: 'DiagnosticReport',
  describes: 'A lab result file',
  table: 'labResultFiles',
  resource: diagnosticReportResource,
  mandatory: ['status', 'code'],
  readOwner: diagnosticReportReadOwner,
  ownPatientsParam: 'patient',
  // The patient is the order's (`related` puts it on the row).
  includes: { 'DiagnosticReport:patient': { target: () => patient, column: 'patientId' } },
  async patientData(db, ids) {
    const rows = await db.selectFrom('labResultFiles').innerJoin('labOrders', 'labOrders.id', 'labResultFiles.labOrderId').select(['labResultFiles.id', 'labOrders.patientId']).where('labResultFiles.id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.patientId]));
  },
  async related(db, organizationId, rows) {
    const orders = await db
      .selectFrom('labOrders')
      .select(['id', 'patientId', 'status'])
      .where('organizationId', '=', organizationId)
      .where('id', 'in', [...new Set(rows.map((row) => String(row.labOrderId)))])
      .execute();
    const byId = new Map(orders.map((order) => [order.id, order]));
    return rows.map((row) => {
      const order = byId.get(String(row.labOrderId));
      return { ...row, order, patientId: order?.patientId };
    });
  },
  searchParams: [
    idParam,
    {
      name: 'patient',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/clinical-patient',
      documentation: 'Patient/{id} or the id: the result files of those patients\' lab orders.',
      target: 'Patient',
      column: 'labOrderId',
      where: (ids) => ofOrders(sql<SqlBool>`${sql.ref('patientId')} in (${sql.join(ids)})`),
    },
    {
      name: 'based-on',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/DiagnosticReport-based-on',
      documentation: 'ServiceRequest/{id} or the id: the result files of those lab orders.',
      target: 'ServiceRequest',
      column: 'labOrderId',
    },
    {
      name: 'status',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/DiagnosticReport-status',
      documentation: 'A diagnostic-report-status code, optionally with its system: final (the files of orders not cancelled), cancelled (of cancelled orders); the others match none.',
      system: 'http://hl7.org/fhir/diagnostic-report-status',
      codes: REPORT_STATUS_CODES,
      where: statusIn,
    },
    {
      name: 'issued',
      type: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/DiagnosticReport-issued',
      documentation: 'When the file was uploaded (issued): a date (the organization\'s day) or an instant, with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply.',
      column: sql.ref('uploadedAt'),
      space: 'instant',
    },
    lastUpdatedParam,
  ],
});
