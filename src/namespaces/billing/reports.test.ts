import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';
import { anonymous } from '../../caller/caller.ts';
import type { Context } from '../../operations/operation.ts';
import { dateIn } from '../../time/zone.ts';
import { newId } from '../../values/ids.ts';
import type { Hospital } from '../admissions/admissions.testkit.ts';
import { issue, type Draft } from './billing.issue.ts';
import type { BillingDocument } from './billing.read.ts';
import { billingKit, OTHER_STATE_GSTIN } from './billing.testkit.ts';

const DAY = 86_400_000;

/** A context issuing at `at` (unix ms): documents dated other than today, and credit notes and receipts before their operations exist. */
function contextAt(t: TestApp, organizationId: string, at: number): Context {
  const now = () => at;
  const services = { mailer: undefined, sms: undefined, push: undefined, foodAnalysis: undefined, now };
  return { db: t.database.db, dialect: t.dialect, config: t.config, services, caller: anonymous, organizationId, membership: null, asOwner: false, requestId: newId(), ip: '127.0.0.1', log: t.app.log, now };
}

/** A draft of `kind` with one line of `unitPrice` paise × quantity at `taxRate` basis points (0: exempt). */
function draftOf(kind: Draft['kind'], patientId: string, line: { description: string; code: string | null; unitPrice: number; taxRate: number; quantity?: number }, againstId: string | null = null): Draft {
  return {
    kind,
    sourceType: kind === 'RECEIPT' ? 'payment' : kind === 'CREDIT_NOTE' ? 'invoice' : 'admission',
    sourceId: againstId ?? newId(),
    againstId,
    patientId,
    subject: null,
    buyer: { name: 'Asha Rao', reference: patientId, mobile: null, gstin: null, addressLines: [], stateCode: null },
    lines: [{ quantity: 1, discount: 0, exempt: line.taxRate === 0, sourceType: 'test', sourceId: newId(), ...line }],
    paidBefore: () => 0,
  };
}

/** RFC 4180 rows: quoted cells may hold commas, doubled quotes and line breaks. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const [, line] of text.matchAll(/((?:"(?:[^"]|"")*"|[^\r\n"])*)\r\n/g)) {
    rows.push([...`${line},`.matchAll(/("(?:[^"]|"")*"|[^,]*),/g)].map(([, cell]) => (cell!.startsWith('"') ? cell!.slice(1, -1).replaceAll('""', '"') : cell!)));
  }
  return rows;
}

describeEachDialect('billing: reports', (t) => {
  const b = billingKit(t);
  const today = () => dateIn(t().config.timeZone, Date.now());
  const dayOf = (offsetDays: number) => dateIn(t().config.timeZone, Date.now() + offsetDays * DAY);
  const at = (h: Hospital, offsetDays: number, draft: Draft) => issue(contextAt(t(), h.organizationId, Date.now() + offsetDays * DAY), h.organizationId, draft);

  /**
   * Today, through billing.issueInvoice: A (intra-state: 12% and 5% lines, an exempt bed; 1000 paid
   * before), B (another patient, inter-state 18%), C (cancelled), D (a bill of supply, no code).
   * In 35 days: E (5%), a credit note against A (one dressing kit back), a receipt of 500 against A.
   * Outside the range: F 40 days before, G 36 days after.
   */
  async function books() {
    const h = await b.gstHospital();
    const p2 = await b.patient(h.organizationId, 'Vikram Shah');
    const admissionA = await b.admissionWith(h, [
      { price: 99.99, taxPercent: 12, quantity: 3, name: 'Dressing kit', sacCode: '999312' },
      { price: 10.01, taxPercent: 5, name: 'Gloves', sacCode: '3006' },
      { price: 1500, taxPercent: 0, quantity: 2, name: 'Bed (general ward)', sacCode: '999311' },
    ]);
    ok(await b.pay(h, admissionA, 1000));
    const A = ok(await b.invoiceAdmission(h, admissionA)).item as BillingDocument;
    const B = ok(await b.invoiceAdmission({ ...h, patientId: p2 }, await b.admissionWith({ ...h, patientId: p2 }, [{ price: 99.99, taxPercent: 18, quantity: 3, name: 'Dressing kit (large)', sacCode: '999312' }]), { buyerGstin: OTHER_STATE_GSTIN })).item;
    const C = ok(await b.invoiceAdmission(h, await b.admissionWith(h, [{ price: 300, taxPercent: 18, sacCode: '999312' }]))).item;
    ok(await b.billing('cancelDocument', { organizationId: h.organizationId, id: C.id, reason: 'wrong patient' }, h.accountant.token));
    const D = ok(await b.invoiceAdmission(h, await b.admissionWith(h, [{ price: 500, taxPercent: 0 }]))).item;
    assert.deepEqual([A.kind, A.totals.grandTotal, A.paid, B.totals.igst, B.totals.grandTotal, D.kind], ['TAX_INVOICE', 3346, 1000, 53.99, 354, 'BILL_OF_SUPPLY']);

    const E = await at(h, 35, draftOf('INVOICE', h.patientId, { description: 'Gloves, box', code: '3006', unitPrice: 20000, taxRate: 500 }));
    const credit = await at(h, 35, draftOf('CREDIT_NOTE', h.patientId, { description: 'Dressing kit', code: '999312', unitPrice: 9999, taxRate: 1200 }, A.id));
    const receipt = await at(h, 35, draftOf('RECEIPT', h.patientId, { description: 'Payment received', code: null, unitPrice: 50000, taxRate: 0 }, A.id));
    await at(h, -40, draftOf('INVOICE', h.patientId, { description: 'Before', code: null, unitPrice: 10000, taxRate: 0 }));
    await at(h, 36, draftOf('INVOICE', h.patientId, { description: 'After', code: null, unitPrice: 5000, taxRate: 0 }));
    // 99.99 at 12% within the state: CGST = SGST = 5.9994 → 6.00; 111.99 rounded to 112
    assert.deepEqual([E.totals.grandTotal, credit.totals.cgst, credit.totals.grandTotal, receipt.totals.grandTotal], [210, 6, 112, 500]);
    return { h, p2, range: { organizationId: h.organizationId, dateFrom: today(), dateTo: dayOf(35) } };
  }

  const report = async (h: Hospital, op: string, data: Record<string, unknown>) => ok(await b.billing(op, { organizationId: h.organizationId, ...data }, h.accountant.token));

  test('summary: per month and per kind, cancelled counted apart, net sales = invoiced − credited, received', async () => {
    const { h, range } = await books();
    const summary = await report(h, 'summaryReport', { ...range, groupBy: 'month' });
    const [first, second] = summary.periods;
    assert.equal(summary.periods.length, 2);
    assert.equal(first.period, today().slice(0, 7));
    assert.equal(second.period, dayOf(35).slice(0, 7));
    assert.deepEqual(first.kinds, [
      { kind: 'TAX_INVOICE', count: 2, taxable: 3609.95, cgst: 18.25, sgst: 18.25, igst: 53.99, total: 3700 },
      { kind: 'BILL_OF_SUPPLY', count: 1, taxable: 500, cgst: 0, sgst: 0, igst: 0, total: 500 },
    ]);
    assert.deepEqual(first.cancelled, [{ kind: 'TAX_INVOICE', count: 1 }]);
    assert.deepEqual([first.invoiced, first.credited, first.netSales, first.received], [4200, 0, 4200, 0]);
    assert.deepEqual(second.kinds, [
      { kind: 'TAX_INVOICE', count: 1, taxable: 200, cgst: 5, sgst: 5, igst: 0, total: 210 },
      { kind: 'RECEIPT', count: 1, taxable: 500, cgst: 0, sgst: 0, igst: 0, total: 500 },
      { kind: 'CREDIT_NOTE', count: 1, taxable: 99.99, cgst: 6, sgst: 6, igst: 0, total: 112 },
    ]);
    assert.deepEqual([second.invoiced, second.credited, second.netSales, second.received], [210, 112, 98, 500]);
    assert.deepEqual(summary.totals.kinds[0], { kind: 'TAX_INVOICE', count: 3, taxable: 3809.95, cgst: 23.25, sgst: 23.25, igst: 53.99, total: 3910 });
    assert.deepEqual([summary.totals.invoiced, summary.totals.credited, summary.totals.netSales, summary.totals.received], [4410, 112, 4298, 500]);
    assert.deepEqual(summary.totals.cancelled, [{ kind: 'TAX_INVOICE', count: 1 }]);

    const byDay = await report(h, 'summaryReport', { ...range, groupBy: 'day' });
    assert.deepEqual(byDay.periods.map((p: { period: string }) => p.period), [today(), dayOf(35)]);
    const lastDayOnly = await report(h, 'summaryReport', { ...range, dateFrom: dayOf(35), groupBy: 'day' });
    assert.deepEqual([lastDayOnly.periods.length, lastDayOnly.totals.invoiced, lastDayOnly.totals.credited], [1, 210, 112], 'dateFrom and dateTo are both included');
    const wider = await report(h, 'summaryReport', { ...range, dateFrom: dayOf(-40), dateTo: dayOf(36) });
    assert.equal(wider.totals.invoiced, 4410 + 100 + 50, 'the documents 40 days before and 36 days after');
  });

  test('tax: by rate within and across states, less credit notes; exempt apart; the HSN/SAC summary', async () => {
    const { h, range } = await books();
    const tax = await report(h, 'taxReport', range);
    assert.deepEqual(tax.rates, [
      { taxRate: 5, supply: 'INTRA_STATE', taxable: 210.01, cgst: 5.25, sgst: 5.25, igst: 0 },
      { taxRate: 12, supply: 'INTRA_STATE', taxable: 199.98, cgst: 12, sgst: 12, igst: 0 },
      { taxRate: 18, supply: 'INTER_STATE', taxable: 299.97, cgst: 0, sgst: 0, igst: 53.99 },
    ]);
    assert.deepEqual(tax.totals, { taxable: 709.96, cgst: 17.25, sgst: 17.25, igst: 53.99, tax: 88.49 });
    assert.deepEqual(tax.exempt, { intraState: 3500, interState: 0 });
    assert.deepEqual(tax.nilRated, { intraState: 0, interState: 0 });
    assert.equal(tax.nonGst, 0);
    assert.deepEqual(tax.creditNotes, { taxable: 99.99, cgst: 6, sgst: 6, igst: 0 });
    assert.deepEqual(tax.hsn, [
      { code: '3006', description: 'Gloves', quantity: 2, taxable: 210.01, cgst: 5.25, sgst: 5.25, igst: 0, tax: 10.5 },
      { code: '999311', description: 'Bed (general ward)', quantity: 2, taxable: 3000, cgst: 0, sgst: 0, igst: 0, tax: 0 },
      { code: '999312', description: 'Dressing kit', quantity: 5, taxable: 499.95, cgst: 12, sgst: 12, igst: 53.99, tax: 77.99 },
      { code: null, description: null, quantity: 1, taxable: 500, cgst: 0, sgst: 0, igst: 0, tax: 0 },
    ]);
    const todayOnly = await report(h, 'taxReport', { ...range, dateTo: today() });
    assert.deepEqual(todayOnly.rates.map((r: { taxRate: number; taxable: number }) => [r.taxRate, r.taxable]), [[5, 10.01], [12, 299.97], [18, 299.97]], 'no credit note, no E');
  });

  test('tax: an organization not registered for GST has only non-GST value', async () => {
    const h = await b.gstHospital({});
    ok(await b.invoiceAdmission(h, await b.admissionWith(h, [{ price: 100, taxPercent: 18 }])));
    const tax = await report(h, 'taxReport', { dateFrom: today(), dateTo: today() });
    assert.deepEqual([tax.rates, tax.hsn, tax.nonGst, tax.exempt.intraState], [[], [], 100, 0]);
  });

  test('outstanding: per patient, paid before and by receipts, credited, largest balance first, paged; settled patients left out', async () => {
    const { h, p2 } = await books();
    const settled = await b.patient(h.organizationId, 'Paid Up');
    const admission = await b.admissionWith({ ...h, patientId: settled }, [{ price: 100, taxPercent: 0 }]);
    ok(await b.pay(h, admission, 100));
    ok(await b.invoiceAdmission({ ...h, patientId: settled }, admission));
    const all = await report(h, 'outstandingReport', {});
    assert.equal(all.total, 2);
    assert.deepEqual(all.items, [
      // A 3346 + D 500 + E 210 + F 100 + G 50 (C cancelled); paid 1000 before A and 500 by a receipt; credited 112
      { patientId: h.patientId, patientName: 'Asha Rao', invoices: 5, invoiced: 4206, paid: 1500, credited: 112, balance: 2594 },
      { patientId: p2, patientName: 'Vikram Shah', invoices: 1, invoiced: 354, paid: 0, credited: 0, balance: 354 },
    ]);
    const second = await report(h, 'outstandingReport', { page: 2, pageSize: 1 });
    assert.deepEqual([second.total, second.totalPages, second.items.map((i: { patientId: string }) => i.patientId)], [2, 2, [p2]]);
  });

  test('staff only: a receptionist is refused; another organization sees nothing of these and may not ask for them', async () => {
    const { h, range } = await books();
    const admin = await signIn(t(), { organizationId: h.organizationId, roles: ['admin'] });
    for (const [op, data] of [['summaryReport', range], ['taxReport', range], ['outstandingReport', {}]] as const) {
      failsWith(await b.billing(op, { organizationId: h.organizationId, ...data }, h.receptionist.token), 'FORBIDDEN', 403);
      failsWith(await b.billing(op, { organizationId: h.organizationId, ...data }, h.doctor.token), 'FORBIDDEN', 403);
      ok(await b.billing(op, { organizationId: h.organizationId, ...data }, admin.token));
    }
    const other = await b.gstHospital();
    failsWith(await b.billing('summaryReport', { ...range, organizationId: h.organizationId }, other.accountant.token), 'FORBIDDEN', 403);
    const theirs = { ...range, organizationId: other.organizationId };
    const summary = ok(await b.billing('summaryReport', theirs, other.accountant.token));
    assert.deepEqual([summary.periods, summary.totals.invoiced], [[], 0]);
    assert.deepEqual(ok(await b.billing('taxReport', theirs, other.accountant.token)).rates, []);
    assert.equal(ok(await b.billing('outstandingReport', { organizationId: other.organizationId }, other.accountant.token)).total, 0);
  });

  test("CSV: an admin exports every document and every line through POST /export, money in paise as stored; an accountant may not (bulk exports are admins' only)", async () => {
    const { h } = await books();
    const admin = await signIn(t(), { organizationId: h.organizationId, roles: ['admin'] });
    const exportOf = async (resource: string, token: string) => {
      const response = await t().app.inject({ method: 'POST', url: '/export', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: JSON.stringify({ organizationId: h.organizationId, resource, format: 'csv' }) });
      return { status: response.statusCode, headers: response.headers, rows: csvRows(response.body) };
    };
    const documents = await exportOf('billingDocuments', admin.token);
    assert.equal(documents.status, 200);
    assert.equal(documents.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(String(documents.headers['content-disposition']), /billingDocuments\.csv/);
    const [header, ...rows] = documents.rows;
    assert.equal(documents.headers['x-export-total'], '9');
    assert.equal(rows.length, 9, 'A, B, C (cancelled: a document still), D, E, F, G, the credit note and the receipt');
    const column = (name: string) => header!.indexOf(name);
    const byNumber = (kind: string) => rows.filter((r) => r[column('kind')] === kind).map((r) => Number(r[column('grandTotal')])).sort((x, y) => x - y);
    assert.deepEqual(byNumber('TAX_INVOICE'), [21000, 35400, 35400, 334600]);
    assert.deepEqual([byNumber('CREDIT_NOTE'), byNumber('RECEIPT')], [[11200], [50000]]);
    const lines = await exportOf('billingDocumentLines', admin.token);
    assert.equal(lines.status, 200);
    const [lineHeader, ...lineRows] = lines.rows;
    assert.equal(lineRows.length, 11);
    assert.deepEqual(
      lineRows.filter((r) => r[lineHeader!.indexOf('code')] === '999312').map((r) => [r[lineHeader!.indexOf('taxable')], r[lineHeader!.indexOf('taxRate')]]).sort(),
      [['29997', '1200'], ['29997', '1800'], ['30000', '1800'], ['9999', '1200']],
    );
    const cancellations = await exportOf('billingCancellations', admin.token);
    const [cancellationHeader, ...cancelled] = cancellations.rows;
    assert.deepEqual(cancelled.map((r) => [r[cancellationHeader!.indexOf('reason')], rows.find((d) => d[column('id')] === r[cancellationHeader!.indexOf('documentId')])?.[column('grandTotal')]]), [['wrong patient', '35400']]);
    assert.equal((await exportOf('billingDocuments', h.receptionist.token)).status, 403);
    assert.equal((await exportOf('billingDocuments', h.accountant.token)).status, 403);
  });

  test('the range: both days required, in order, at most 366 days', async () => {
    const h = await b.gstHospital();
    const call = (data: Record<string, unknown>) => b.billing('summaryReport', { organizationId: h.organizationId, ...data }, h.accountant.token);
    failsWith(await call({ dateFrom: '2030-01-01' }), 'VALIDATION_FAILED', 400);
    failsWith(await call({ dateFrom: '2030-01-02', dateTo: '2030-01-01' }), 'VALIDATION_FAILED', 400);
    failsWith(await call({ dateFrom: '2030-01-01', dateTo: '2031-01-02' }), 'VALIDATION_FAILED', 400);
    failsWith(await call({ dateFrom: '2030-01-01', dateTo: '2030-01-31', groupBy: 'week' }), 'VALIDATION_FAILED', 400);
    ok(await call({ dateFrom: '2030-01-01', dateTo: '2031-01-01' }));
  });
});
