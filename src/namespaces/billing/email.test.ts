import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import type { Hospital } from '../admissions/admissions.testkit.ts';
import { startFakeSmtp } from '../notifications/notifications.testkit.ts';
import { invoiceFor, pdfText } from './billing.documents.testkit.ts';
import { billingKit } from './billing.testkit.ts';
import { DOCUMENT_MAIL_LIMITS } from './emailDocument.ts';

const smtp = await startFakeSmtp();
after(() => smtp.close());

/** The attachments of a raw MIME message: each part's content type and decoded bytes. */
function attachmentsOf(raw: string): { contentType: string; fileName: string | undefined; content: Buffer }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .filter((part) => /Content-Disposition: attachment/i.test(part))
    .map((part) => {
      const split = part.indexOf('\r\n\r\n');
      const headers = part.slice(0, split);
      return {
        contentType: /Content-Type: ([^;\r\n]+)/i.exec(headers)?.[1] ?? '',
        fileName: /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1],
        content: Buffer.from(part.slice(split + 4).replace(/\s+/g, ''), 'base64'),
      };
    });
}

describeEachDialect(
  'billing: a document sent by email (billing.emailDocument)',
  (t) => {
    const b = billingKit(t);
    let h: Hospital;
    /** An address of this suite's own: both dialects' suites send to the one SMTP server. */
    const at = (name: string) => `${name}.${h.organizationId.slice(-12)}@example.test`;
    const send = (data: Record<string, unknown>, token: string, headers: Record<string, string> = {}) =>
      t().call('billing', 'emailDocument', { organizationId: h.organizationId, ...data }, { token, headers });
    const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

    before(async () => {
      h = await b.gstHospital();
      await t().database.db.updateTable('patients').set({ email: at('asha') }).where('id', '=', h.patientId).execute();
    });

    test("to the patient's email by default: the PDF attached, its number in its text; audited", async () => {
      const invoice = await invoiceFor(b, h, h.patientId);
      const { item } = ok(await send({ id: invoice.id }, h.accountant.token));
      assert.deepEqual([item.id, item.number, item.patientId, item.to], [invoice.id, invoice.number, h.patientId, at('asha')]);
      const [mail] = mailsTo(at('asha'));
      assert.ok(mail, 'the mail reached the SMTP server');
      assert.match(mail.raw, new RegExp(`^Subject: Tax invoice ${invoice.number.replaceAll('/', '\\/')} from Hospital`, 'm'));
      const [pdf, ...more] = attachmentsOf(mail.raw);
      assert.equal(more.length, 0);
      assert.deepEqual([pdf?.contentType, pdf?.fileName], ['application/pdf', `${invoice.number.replaceAll('/', '-')}.pdf`]);
      assert.equal(pdf!.content.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.ok((await pdfText(pdf!.content)).includes(invoice.number));
      const audit = await t().database.db.selectFrom('auditLog').selectAll().where('operation', '=', 'billing.emailDocument').where('recordId', '=', invoice.id).execute();
      assert.deepEqual(audit.map((row) => [row.organizationId, row.actorId]), [[h.organizationId, h.accountant.idpUserId]]);
    });

    test('to another address when given; by the receptionist too; a doctor may not; another organization does not find it', async () => {
      const invoice = await invoiceFor(b, h, h.patientId);
      ok(await send({ id: invoice.id, to: at('insurer') }, h.receptionist.token));
      assert.equal(mailsTo(at('insurer')).length, 1);
      failsWith(await send({ id: invoice.id, to: at('x') }, h.doctor.token), 'FORBIDDEN', 403);
      failsWith(await send({ id: invoice.id, to: 'not an address' }, h.accountant.token), 'VALIDATION_FAILED', 400);
      const elsewhere = await b.gstHospital();
      failsWith(await t().call('billing', 'emailDocument', { organizationId: elsewhere.organizationId, id: invoice.id, to: at('x') }, { token: elsewhere.accountant.token }), 'NOT_FOUND', 404);
      assert.equal(mailsTo(at('x')).length, 0);
    });

    test("a patient without an email and no 'to': 400, nothing sent", async () => {
      const patientId = await b.patient(h.organizationId, 'No Mail');
      const invoice = await invoiceFor(b, h, patientId);
      const before = smtp.received.length;
      const error = failsWith(await send({ id: invoice.id }, h.accountant.token), 'VALIDATION_FAILED', 400);
      assert.equal(error.details?.[0]?.path, 'to');
      assert.equal(smtp.received.length, before);
    });

    test('a retry with the same Idempotency-Key is answered again without a second mail', async () => {
      const invoice = await invoiceFor(b, h, h.patientId);
      const headers = { 'idempotency-key': `mail-${invoice.id}` };
      const first = ok(await send({ id: invoice.id, to: at('retry') }, h.accountant.token, headers));
      const again = await send({ id: invoice.id, to: at('retry') }, h.accountant.token, headers);
      assert.deepEqual(ok(again), first);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(mailsTo(at('retry')).length, 1);
    });

    test('one document is sent a bounded number of times a day (RATE_LIMIT_BILLING_EMAIL_DOCUMENT_DOCUMENT)', async () => {
      const invoice = await invoiceFor(b, h, h.patientId);
      const points = DOCUMENT_MAIL_LIMITS.find((limit) => limit.name === 'billing.emailDocument:document')!.points;
      for (let i = 0; i < points; i++) ok(await send({ id: invoice.id, to: at(`limit${i}`) }, h.accountant.token));
      const limited = failsWith(await send({ id: invoice.id, to: at('limit-over') }, h.accountant.token), 'RATE_LIMITED', 429);
      assert.ok(limited.message);
      assert.equal(mailsTo(at('limit-over')).length, 0);
    });
  },
  { env: { SMTP_URL: smtp.url, MAIL_FROM: 'healthops tests <no-reply@example.test>' } },
);

describeEachDialect('billing: emailDocument without a mail provider', (t) => {
  const b = billingKit(t);
  test('NOT_CONFIGURED, nothing sent', async () => {
    const h = await b.gstHospital();
    const invoice = await invoiceFor(b, h, h.patientId);
    failsWith(await t().call('billing', 'emailDocument', { organizationId: h.organizationId, id: invoice.id, to: 'a@example.test' }, { token: h.accountant.token }), 'NOT_CONFIGURED', 503);
  });
});
