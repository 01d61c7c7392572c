import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';
import { dateIn } from '../../time/zone.ts';
import type { Hospital } from '../admissions/admissions.testkit.ts';
import { outstandingFile, OUTSTANDING_HEADER, SUMMARY_HEADER, TAX_HEADER } from './billing.report-csv.ts';
import { billingKit, OTHER_STATE_GSTIN } from './billing.testkit.ts';

const HOSTILE_NAME = '=HYPERLINK("http://evil.example/?q=1","Pay here")';
const HOSTILE_SERVICE = '@SUM(1+1) gauze';

/** RFC 4180 rows: quoted cells may hold commas, doubled quotes and line breaks. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const [, line] of text.matchAll(/((?:"(?:[^"]|"")*"|[^\r\n"])*)\r\n/g)) {
    rows.push([...`${line},`.matchAll(/("(?:[^"]|"")*"|[^,]*),/g)].map(([, cell]) => (cell!.startsWith('"') ? cell!.slice(1, -1).replaceAll('""', '"') : cell!)));
  }
  return rows;
}

/** POST /billing/report.csv as a client sends it: the body is the operation's data. */
async function csvOf(t: TestApp, data: Record<string, unknown>, token: string) {
  const response = await t.app.inject({ method: 'POST', url: '/billing/report.csv', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: JSON.stringify(data) });
  const isJson = String(response.headers['content-type']).startsWith('application/json');
  const [header, ...rows] = isJson ? [] : csvRows(response.body);
  return { status: response.statusCode, headers: response.headers, body: response.body, header, rows, error: isJson ? response.json<{ error?: { code: string } }>().error : undefined };
}

/** An amount as the CSV writes it. */
const inr = (value: number) => value.toFixed(2);
/** The rows of `section`, without their section cell. */
const section = (rows: string[][], name: string) => rows.filter((r) => r[0] === name).map((r) => r.slice(1));

describeEachDialect('billing: the reports as CSV (POST /billing/report.csv)', (t) => {
  const b = billingKit(t);
  let h: Hospital;
  let hostile: string;
  let admin: SignedIn;
  let range: { organizationId: string; dateFrom: string; dateTo: string };

  /** Today: A (12%, 5%, an exempt bed; 1000 paid before), B (the hostile name's, inter-state 18%), C (cancelled), D (a bill of supply) credited in full. */
  before(async () => {
    h = await b.gstHospital();
    admin = await signIn(t(), { organizationId: h.organizationId, roles: ['admin'] });
    hostile = await b.patient(h.organizationId, HOSTILE_NAME);
    const admissionA = await b.admissionWith(h, [
      { price: 99.99, taxPercent: 12, quantity: 3, name: 'Dressing kit', sacCode: '999312' },
      { price: 10.01, taxPercent: 5, name: HOSTILE_SERVICE, sacCode: '3006' },
      { price: 1500, taxPercent: 0, quantity: 2, name: 'Bed (general ward)', sacCode: '999311' },
    ]);
    ok(await b.pay(h, admissionA, 1000));
    ok(await b.invoiceAdmission(h, admissionA));
    const ofHostile = { ...h, patientId: hostile };
    ok(await b.invoiceAdmission(ofHostile, await b.admissionWith(ofHostile, [{ price: 99.99, taxPercent: 18, quantity: 3, name: 'Dressing kit (large)', sacCode: '999312' }]), { buyerGstin: OTHER_STATE_GSTIN }));
    const C = ok(await b.invoiceAdmission(h, await b.admissionWith(h, [{ price: 300, taxPercent: 18, sacCode: '999312' }]))).item;
    ok(await b.billing('cancelDocument', { organizationId: h.organizationId, id: C.id, reason: 'wrong patient' }, h.accountant.token));
    const D = ok(await b.invoiceAdmission(h, await b.admissionWith(h, [{ price: 500, taxPercent: 0 }]))).item;
    ok(await b.billing('issueCreditNote', { organizationId: h.organizationId, invoiceId: D.id, reason: 'billed twice' }, h.accountant.token));
    const today = dateIn(t().config.timeZone, Date.now());
    range = { organizationId: h.organizationId, dateFrom: today, dateTo: today };
  });

  const json = async (op: string, data: Record<string, unknown>) => ok(await b.billing(op, data, h.accountant.token));

  test('summary: one row per period and kind, the same figures as billing.summaryReport; a file named for the organization and the range', async () => {
    for (const groupBy of ['day', 'month'] as const) {
      const file = await csvOf(t(), { ...range, report: 'summary', groupBy }, h.accountant.token);
      assert.equal(file.status, 200, file.body);
      assert.equal(file.headers['content-type'], 'text/csv; charset=utf-8');
      assert.equal(file.headers['content-disposition'], `attachment; filename="summary-${h.slug}-${range.dateFrom}-${range.dateTo}.csv"`);
      assert.deepEqual(file.header, [...SUMMARY_HEADER]);
      const report = await json('summaryReport', { ...range, groupBy });
      const expected = report.periods.flatMap((p: { period: string; kinds: { kind: string; count: number; taxable: number; cgst: number; sgst: number; igst: number; total: number }[]; cancelled: { kind: string; count: number }[] }) =>
        ['TAX_INVOICE', 'BILL_OF_SUPPLY', 'RECEIPT', 'CREDIT_NOTE'].flatMap((kind) => {
          const live = p.kinds.find((k) => k.kind === kind);
          const cancelled = p.cancelled.find((k) => k.kind === kind)?.count ?? 0;
          if (!live && !cancelled) return [];
          return [[p.period, kind, String(live?.count ?? 0), String(cancelled), ...(['taxable', 'cgst', 'sgst', 'igst', 'total'] as const).map((key) => inr(live?.[key] ?? 0))]];
        }),
      );
      assert.deepEqual(file.rows.map((r) => r.slice(0, 2)), expected.map((r: string[]) => r.slice(0, 2)));
      assert.deepEqual(file.rows, expected);
      // worked out by hand: A 3346 + B 354 live, C cancelled; D 500; its credit note 500
      const period = groupBy === 'day' ? range.dateFrom : range.dateFrom.slice(0, 7);
      assert.deepEqual(file.rows, [
        [period, 'TAX_INVOICE', '2', '1', '3609.95', '18.25', '18.25', '53.99', '3700.00'],
        [period, 'BILL_OF_SUPPLY', '1', '0', '500.00', '0.00', '0.00', '0.00', '500.00'],
        [period, 'CREDIT_NOTE', '1', '0', '500.00', '0.00', '0.00', '0.00', '500.00'],
      ]);
      const invoiced = file.rows.filter((r) => r[1] === 'TAX_INVOICE' || r[1] === 'BILL_OF_SUPPLY').reduce((sum, r) => sum + Number(r[8]), 0);
      assert.equal(invoiced, report.totals.invoiced, 'a spreadsheet sums the rows to the JSON totals');
    }
  });

  test('tax: rows by rate and supply, exempt, nil-rated, non-GST, credit notes, then HSN/SAC, the same figures as billing.taxReport', async () => {
    const file = await csvOf(t(), { ...range, report: 'tax' }, admin.token);
    assert.equal(file.status, 200, file.body);
    assert.equal(file.headers['content-disposition'], `attachment; filename="tax-${h.slug}-${range.dateFrom}-${range.dateTo}.csv"`);
    assert.deepEqual(file.header, [...TAX_HEADER]);
    const report = await json('taxReport', range);
    const taxes = (s: { taxable: number; cgst: number; sgst: number; igst: number }) => [inr(s.taxable), inr(s.cgst), inr(s.sgst), inr(s.igst), inr(s.cgst + s.sgst + s.igst)];
    assert.deepEqual(
      section(file.rows, 'rate'),
      report.rates.map((r: { taxRate: number; supply: string; taxable: number; cgst: number; sgst: number; igst: number }) => [String(r.taxRate), r.supply, '', '', '', ...taxes(r)]),
    );
    assert.deepEqual(section(file.rows, 'rate').map((r) => [r[0], r[1], r[5]]), [['5', 'INTRA_STATE', '10.01'], ['12', 'INTRA_STATE', '299.97'], ['18', 'INTER_STATE', '299.97']]);
    const sum = (column: number) => section(file.rows, 'rate').reduce((s, r) => s + Math.round(Number(r[column]) * 100), 0) / 100;
    assert.deepEqual([sum(5), sum(6), sum(7), sum(8), sum(9)], [report.totals.taxable, report.totals.cgst, report.totals.sgst, report.totals.igst, report.totals.tax]);
    assert.deepEqual(section(file.rows, 'exempt'), [['', 'INTRA_STATE', '', '', '', inr(report.exempt.intraState), '', '', '', ''], ['', 'INTER_STATE', '', '', '', inr(report.exempt.interState), '', '', '', '']]);
    assert.equal(report.exempt.intraState, 3000);
    assert.deepEqual(section(file.rows, 'nil_rated').map((r) => [r[0], r[1], r[5]]), [['0', 'INTRA_STATE', inr(report.nilRated.intraState)], ['0', 'INTER_STATE', inr(report.nilRated.interState)]]);
    assert.deepEqual(section(file.rows, 'non_gst').map((r) => r[5]), [inr(report.nonGst)]);
    assert.deepEqual(section(file.rows, 'credit_notes'), [['', '', '', '', '', ...taxes(report.creditNotes)]]);
    assert.deepEqual(
      section(file.rows, 'hsn'),
      report.hsn.map((r: { code: string | null; description: string | null; quantity: number; taxable: number; cgst: number; sgst: number; igst: number }) => ['', '', r.code ?? '', r.description === null ? '' : r.description.startsWith('@') ? `'${r.description}` : r.description, String(r.quantity), ...taxes(r)]),
    );
    assert.deepEqual(section(file.rows, 'hsn').map((r) => r[2]), ['3006', '999311', '999312', ''], 'codes in order, lines without a code last');
    assert.deepEqual(file.rows.map((r) => r[0]).filter((s, i, all) => all.indexOf(s) === i), ['rate', 'exempt', 'nil_rated', 'non_gst', 'credit_notes', 'hsn']);
    assert.ok(file.body.includes(`'${HOSTILE_SERVICE}`), 'a line description a spreadsheet would run is shown as text');
  });

  test('outstanding: one row per patient, every one, the same figures as billing.outstandingReport; a hostile name is neutralised; the read log names them', async () => {
    const file = await csvOf(t(), { organizationId: h.organizationId, report: 'outstanding' }, h.accountant.token);
    assert.equal(file.status, 200, file.body);
    assert.equal(file.headers['content-disposition'], `attachment; filename="outstanding-${h.slug}-${range.dateFrom}.csv"`);
    assert.deepEqual(file.header, [...OUTSTANDING_HEADER]);
    const report = await json('outstandingReport', { organizationId: h.organizationId, pageSize: 100 });
    assert.equal(report.total, 2);
    const expected = report.items.map((i: { patientId: string; patientName: string; invoices: number; invoiced: number; paid: number; credited: number; balance: number }) => [
      i.patientId, i.patientName === HOSTILE_NAME ? `'${HOSTILE_NAME}` : i.patientName, String(i.invoices), inr(i.invoiced), inr(i.paid), inr(i.credited), inr(i.balance),
    ]);
    assert.deepEqual(file.rows, expected);
    // A 3346 + D 500, 1000 paid, 500 credited; B 354
    assert.deepEqual(file.rows.map((r) => [r[1], r[6]]), [['Asha Rao', '2346.00'], [`'${HOSTILE_NAME}`, '354.00']]);
    assert.ok(file.body.includes(`"'=HYPERLINK(""http://evil.example/?q=1"",""Pay here"")"`), 'quoted, quotes doubled, a leading quote: text, not a formula');
    assert.ok(!/(^|,)=/m.test(file.body), 'no cell begins with =');

    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('operation', '=', 'billing.reportCsv').where('actorIdpUserId', '=', h.accountant.idpUserId).execute();
    const named = reads.map((r) => (JSON.parse(r.patientIds) as string[]).sort()).filter((ids) => ids.length > 0);
    assert.deepEqual(named, [[h.patientId, hostile].sort()], 'the outstanding CSV names its patients; the summary and tax CSVs none');
  });

  test('outstanding: more patients than one CSV holds is 413, not an unbounded body', async () => {
    await assert.rejects(outstandingFile(t().database.db, h.organizationId, 'x.csv', 1), (e: { code?: string; status?: number }) => e.code === 'PAYLOAD_TOO_LARGE' && e.status === 413);
    assert.equal((await outstandingFile(t().database.db, h.organizationId, 'x.csv', 2)).records.length, 2);
  });

  test("admins and accountants only: a receptionist and a doctor are 403; another organization's staff may not ask, and see none of these in their own", async () => {
    for (const data of [{ ...range, report: 'summary' }, { ...range, report: 'tax' }, { organizationId: h.organizationId, report: 'outstanding' }]) {
      for (const token of [h.receptionist.token, h.doctor.token]) {
        const refused = await csvOf(t(), data, token);
        assert.deepEqual([refused.status, refused.error?.code], [403, 'FORBIDDEN']);
      }
      assert.equal((await csvOf(t(), data, admin.token)).status, 200);
    }
    const other = await b.gstHospital();
    const outside = await csvOf(t(), { ...range, report: 'summary' }, other.accountant.token);
    assert.deepEqual([outside.status, outside.error?.code], [403, 'FORBIDDEN']);
    assert.equal((await csvOf(t(), { organizationId: h.organizationId, report: 'outstanding' }, other.accountant.token)).status, 403);
    const theirs = await csvOf(t(), { ...range, organizationId: other.organizationId, report: 'summary' }, other.accountant.token);
    assert.deepEqual([theirs.status, theirs.rows], [200, []]);
    const owing = await csvOf(t(), { organizationId: other.organizationId, report: 'outstanding' }, other.accountant.token);
    assert.deepEqual([owing.status, owing.header, owing.rows], [200, [...OUTSTANDING_HEADER], []]);
  });

  test('bad input is 400: the range as the JSON reports check it, none for outstanding, groupBy for the summary only; through /api BAD_REQUEST', async () => {
    const org = { organizationId: h.organizationId };
    const cases: [Record<string, unknown>, string][] = [
      [{ report: 'summary' }, 'dateFrom'],
      [{ report: 'tax', dateFrom: '2030-01-01' }, 'dateTo'],
      [{ report: 'summary', dateFrom: '2030-01-02', dateTo: '2030-01-01' }, 'dateTo'],
      [{ report: 'tax', dateFrom: '2030-01-01', dateTo: '2031-01-02' }, 'dateTo'],
      [{ report: 'summary', dateFrom: '2030-01-01', dateTo: '2030-01-31', groupBy: 'week' }, 'groupBy'],
      [{ report: 'tax', dateFrom: '2030-01-01', dateTo: '2030-01-31', groupBy: 'day' }, 'groupBy'],
      [{ report: 'outstanding', dateFrom: '2030-01-01', dateTo: '2030-01-31' }, 'dateFrom'],
      [{ report: 'ledger', dateFrom: '2030-01-01', dateTo: '2030-01-31' }, 'report'],
      [{ report: 'summary', dateFrom: '2030-13-01', dateTo: '2030-01-31' }, 'dateFrom'],
    ];
    for (const [data, path] of cases) {
      const answer = await t().app.inject({ method: 'POST', url: '/billing/report.csv', headers: { 'content-type': 'application/json', authorization: `Bearer ${h.accountant.token}` }, payload: JSON.stringify({ ...org, ...data }) });
      assert.equal(answer.statusCode, 400, JSON.stringify(data));
      const { error } = answer.json<{ error: { code: string; details: { path: string }[] } }>();
      assert.equal(error.code, 'VALIDATION_FAILED');
      assert.ok(error.details.some((d) => d.path === path), `${JSON.stringify(data)}: ${JSON.stringify(error.details)}`);
    }
    assert.equal((await csvOf(t(), { ...org, report: 'summary', dateFrom: '2030-01-01', dateTo: '2031-01-01' }, h.accountant.token)).status, 200, '366 days');
    const viaApi = failsWith(await b.billing('reportCsv', { ...range, report: 'summary' }, h.accountant.token), 'BAD_REQUEST', 400);
    assert.match(viaApi.message, /POST \/billing\/report\.csv/);
  });

  test('/openapi.json describes the path as text/csv', async () => {
    const doc = (await t().app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const path = doc.paths['/billing/report.csv'].post;
    assert.deepEqual(Object.keys(path.responses['200'].content), ['text/csv; charset=utf-8']);
    const body = path.requestBody.content['application/json'].schema;
    assert.deepEqual(body.required, ['organizationId', 'report']);
    assert.deepEqual(body.properties.report.enum, ['summary', 'tax', 'outstanding']);
    assert.ok(path.responses['403']);
  });
});
