import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { signIn, tokenFor, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import type { Hospital } from '../admissions/admissions.testkit.ts';
import { download, invoiceFor, patientWithAccount, pdfText } from './billing.documents.testkit.ts';
import { billingKit, GSTIN } from './billing.testkit.ts';
import { rupees } from './render/inr.ts';

describeEachDialect('billing: documents as PDF and HTML (POST /billing/document)', (t) => {
  const b = billingKit(t);
  let h: Hospital;
  let admin: SignedIn;
  let patient: { id: string; idpUserId: string; token: string };
  let invoice: { id: string; number: string; patientId: string; totals: { grandTotal: number } };

  before(async () => {
    h = await b.gstHospital();
    admin = await signIn(t(), { organizationId: h.organizationId, roles: ['admin'] });
    patient = await patientWithAccount(t(), b, h, 'Asha Rao', h.patientId);
    invoice = await invoiceFor(b, h, h.patientId, 1234.5);
  });

  const of = (id = invoice.id, format?: string) => ({ organizationId: h.organizationId, id, ...(format ? { format } : {}) });

  test('staff download the PDF: a file to save, its number, the GSTIN and the grand total in it, never cached', async () => {
    const answer = await download(t(), of(), h.accountant.token);
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.headers['content-type'], 'application/pdf');
    assert.equal(answer.headers['content-disposition'], `attachment; filename="${invoice.number.replaceAll('/', '-')}.pdf"`);
    assert.equal(answer.headers['cache-control'], 'no-store');
    assert.equal(answer.raw.subarray(0, 5).toString('latin1'), '%PDF-');
    const text = await pdfText(answer.raw);
    for (const expected of [invoice.number, GSTIN, 'TAX INVOICE', 'Asha Rao', rupees(Math.round(invoice.totals.grandTotal * 100))]) assert.ok(text.includes(expected), `missing ${expected}`);
    assert.ok(!text.includes('CANCELLED'));
  });

  test('the HTML page, for the receptionist and the admin too', async () => {
    for (const token of [h.receptionist.token, admin.token]) {
      const answer = await download(t(), of(invoice.id, 'html'), token);
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.headers['content-type'], 'text/html; charset=utf-8');
      assert.match(String(answer.headers['content-disposition']), /^attachment; filename="INV-\d{4}-\d+\.html"$/);
      assert.match(answer.text, /^<!DOCTYPE html>/i);
      assert.ok(answer.text.includes(invoice.number) && answer.text.includes(GSTIN));
    }
  });

  test('the patient downloads their own through their linked account; the read log names them', async () => {
    const answer = await download(t(), of(), patient.token);
    assert.equal(answer.status, 200, answer.text);
    assert.ok((await pdfText(answer.raw)).includes(invoice.number));
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('operation', '=', 'billing.downloadDocument').where('actorIdpUserId', '=', patient.idpUserId).execute();
    assert.equal(reads.length, 1);
    assert.deepEqual(JSON.parse(reads[0]!.patientIds), [h.patientId]);
  });

  test("another patient, an account with no link and a role without the grant are refused; another organization's staff do not find it", async () => {
    const other = await patientWithAccount(t(), b, h, 'Ravi Menon');
    const theirs = await invoiceFor(b, h, other.id);
    assert.equal((await download(t(), of(theirs.id), other.token)).status, 200, 'their own');
    const refused = await download(t(), of(), other.token);
    assert.deepEqual([refused.status, refused.error?.code], [403, 'FORBIDDEN']);
    const stranger = await tokenFor(t(), `idp-${newId()}`);
    assert.equal((await download(t(), of(), stranger)).status, 403);
    const doctor = await download(t(), of(), h.doctor.token);
    assert.deepEqual([doctor.status, doctor.error?.code], [403, 'FORBIDDEN']);

    const elsewhere = await b.gstHospital();
    const outside = await download(t(), { organizationId: elsewhere.organizationId, id: invoice.id }, elsewhere.accountant.token);
    assert.deepEqual([outside.status, outside.error?.code], [404, 'NOT_FOUND']);
    assert.equal((await download(t(), of(), elsewhere.accountant.token)).status, 403, 'naming an organization not theirs');
    assert.equal((await download(t(), of(newId()), h.accountant.token)).status, 404);
  });

  test('a cancelled document says CANCELLED, with its reason, in both formats', async () => {
    const wrong = await invoiceFor(b, h, h.patientId, 50);
    ok(await b.billing('cancelDocument', { organizationId: h.organizationId, id: wrong.id, reason: 'Raised on the wrong admission' }, h.accountant.token));
    const text = await pdfText((await download(t(), of(wrong.id), h.accountant.token)).raw);
    assert.ok(text.includes('CANCELLED') && text.includes('Raised on the wrong admission'));
    const html = (await download(t(), of(wrong.id, 'html'), patient.token)).text;
    assert.ok(html.includes('CANCELLED') && html.includes('Raised on the wrong admission'));
  });

  test('bad input is 400; through /api it is BAD_REQUEST naming the path', async () => {
    assert.equal((await download(t(), of(invoice.id, 'docx'), h.accountant.token)).status, 400);
    assert.equal((await download(t(), { organizationId: h.organizationId }, h.accountant.token)).status, 400);
    const viaApi = failsWith(await b.billing('downloadDocument', of(), h.accountant.token), 'BAD_REQUEST', 400);
    assert.match(viaApi.message, /POST \/billing\/document/);
  });

  test('/openapi.json describes the path with both content types', async () => {
    const doc = (await t().app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const path = doc.paths['/billing/document'].post;
    assert.deepEqual(Object.keys(path.responses['200'].content).sort(), ['application/pdf', 'text/html; charset=utf-8']);
    assert.deepEqual(path.requestBody.content['application/json'].schema.required, ['organizationId', 'id']);
    assert.ok(path.responses['403'] && path.responses['404']);
    assert.ok(doc.paths['/export'], 'the export keeps its path');
  });
});

describeEachDialect('billing: a person lists their own documents (billing.listMyDocuments)', (t) => {
  const b = billingKit(t);

  test('across organizations, newest first, without lines; nobody else\'s', async () => {
    const first = await b.gstHospital();
    const second = await b.gstHospital();
    const asha = await patientWithAccount(t(), b, first, 'Asha Rao', first.patientId);
    // The same person's record at the second hospital, linked to the same account.
    await t().database.db.updateTable('patients').set({ idpUserId: asha.idpUserId }).where('id', '=', second.patientId).execute();
    const ravi = await patientWithAccount(t(), b, first, 'Ravi Menon');
    const older = await invoiceFor(b, first, first.patientId);
    const newer = await invoiceFor(b, second, second.patientId);
    const his = await invoiceFor(b, first, ravi.id);

    const mine = ok(await t().call('billing', 'listMyDocuments', {}, { token: asha.token }));
    assert.equal(mine.total, 2);
    assert.deepEqual(mine.items.map((d: { id: string }) => d.id), [newer.id, older.id]);
    assert.deepEqual(mine.items.map((d: { organizationId: string }) => d.organizationId), [second.organizationId, first.organizationId]);
    assert.ok(mine.items.every((d: Record<string, unknown>) => !('lines' in d)));
    assert.equal(mine.items[1].paymentStatus, 'UNPAID');

    const theirs = ok(await t().call('billing', 'listMyDocuments', { page: 1, pageSize: 10 }, { token: ravi.token }));
    assert.deepEqual(theirs.items.map((d: { id: string }) => d.id), [his.id]);
    const paged = ok(await t().call('billing', 'listMyDocuments', { page: 2, pageSize: 1 }, { token: asha.token }));
    assert.deepEqual([paged.total, paged.items[0].id], [2, older.id]);

    const nobody = ok(await t().call('billing', 'listMyDocuments', {}, { token: await tokenFor(t(), `idp-${newId()}`) }));
    assert.equal(nobody.total, 0);
    failsWith(await t().call('billing', 'listMyDocuments', {}), 'UNAUTHENTICATED', 401);
    failsWith(await t().call('billing', 'listMyDocuments', { pageSize: 1000 }, { token: asha.token }), 'VALIDATION_FAILED', 400);
  });

  test('a staff member sees no documents of theirs as a person', async () => {
    const h = await b.gstHospital();
    await invoiceFor(b, h, h.patientId);
    assert.equal(ok(await t().call('billing', 'listMyDocuments', {}, { token: h.accountant.token })).total, 0);
  });
});
