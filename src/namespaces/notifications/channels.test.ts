import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { orgId } from '../../../test/builders.ts';
import { describeEachDialect, ok, type TestApp } from '../../../test/harness.ts';
import { httpSms } from '../../providers/http-sms.ts';
import { smtpMailer } from '../../providers/smtp-mailer.ts';
import { newId } from '../../values/ids.ts';
import { DeliveryWorker, NO_EMAIL_ADDRESS, NO_MOBILE_NUMBER } from './notifications.deliveryWorker.ts';
import { NO_SMS_PROVIDER } from './notifications.notify.ts';
import { startFakeSms, startFakeSmtp } from './notifications.testkit.ts';

const sms = await startFakeSms();
const smtp = await startFakeSmtp();
after(() => Promise.all([sms.close(), smtp.close()]));

const NOW = Date.UTC(2026, 4, 10, 9, 0, 0);
let clock = NOW;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

function worker(t: TestApp, channels: { sms?: boolean; email?: boolean } = { sms: true, email: true }): DeliveryWorker {
  return new DeliveryWorker({
    db: t.database.db,
    dialect: t.dialect,
    push: undefined,
    sms: channels.sms ? httpSms(sms.url, sms.key) : undefined,
    mailer: channels.email ? smtpMailer(smtp.url, 'healthops <no-reply@example.test>') : undefined,
    log: silent,
    now: () => clock,
    options: { pollIntervalMs: 60_000, maxAttempts: 3, retryBaseMs: 1000, retryMaxMs: 60_000, batchSize: 50 },
  });
}

async function drain(w: DeliveryWorker): Promise<void> {
  while ((await w.runOnce()) > 0);
}

let phones = 0;
/** An organization with a patient whose record is linked to an account, with a mobile number and an email. */
async function linkedPatient(t: TestApp, data: Record<string, unknown> = {}) {
  const org = orgId();
  const idpUserId = newId();
  const mobileNumber = `+91 98${String(10_000_000 + ++phones * 7919).slice(0, 8)}`;
  const email = `p${String(phones)}@example.test`;
  ok(await t.call('patients', 'create', { organizationId: org, name: 'Asha Rao', idpUserId, mobileNumber, email, ...data }));
  return { org, idpUserId, mobileNumber, email };
}

async function notifyOn(t: TestApp, to: { org: string; idpUserId: string }, channels: string[], extra: Record<string, unknown> = {}) {
  return ok(
    await t.call('notifications', 'create', {
      organizationId: to.org,
      recipientIdpUserId: to.idpUserId,
      recipientRole: 'patient',
      type: 'appointment_reminder',
      title: 'Appointment tomorrow',
      message: `Your appointment is tomorrow at 10:00 (${newId()})`,
      channels,
      ...extra,
    }),
  ).item;
}

const stored = async (t: TestApp, item: { id: string; organizationId: string }) =>
  ok(await t.call('notifications', 'getById', { id: item.id, organizationId: item.organizationId })).item;

describeEachDialect(
  'notifications: the sms and email channels',
  (t) => {
    test('an sms and an email go to the patient record\'s number and address, once each, and the outcome is kept', async () => {
      clock = NOW;
      const p = await linkedPatient(t());
      const item = await notifyOn(t(), p, ['in_app', 'sms', 'email']);
      assert.deepEqual(item.channelDelivery, {
        sms: { state: 'pending', error: null, at: NOW },
        email: { state: 'pending', error: null, at: NOW },
      });
      assert.equal(item.deliveryState, null, 'no push channel');
      const w = worker(t());
      await drain(w);
      await drain(w);
      const texts = sms.received.filter((m) => m.message.includes(item.message));
      const { mobileNumber } = await t().database.db.selectFrom('patients').select('mobileNumber').where('idpUserId', '=', p.idpUserId).executeTakeFirstOrThrow();
      assert.ok(mobileNumber);
      assert.deepEqual(texts.map((m) => [m.to, m.message]), [[mobileNumber, `Appointment tomorrow: ${item.message}`]]);
      const mails = smtp.received.filter((m) => m.to.includes(p.email));
      assert.equal(mails.length, 1);
      assert.match(mails[0]!.raw, /Subject: Appointment tomorrow/);
      const after = await stored(t(), item);
      assert.deepEqual(after.channelDelivery.sms, { state: 'sent', error: null, at: NOW }, 'the state, never the number');
      assert.deepEqual(after.channelDelivery.email, { state: 'sent', error: null, at: NOW }, 'the state, never the address');
    });

    test('a provider that fails is retried with backoff, and the message goes out once when it is back', async () => {
      clock = NOW;
      const p = await linkedPatient(t());
      const item = await notifyOn(t(), p, ['sms']);
      const w = worker(t());
      sms.down = true;
      try {
        await drain(w);
      } finally {
        sms.down = false;
      }
      const pending = (await stored(t(), item)).channelDelivery.sms;
      assert.equal(pending.state, 'pending');
      assert.match(pending.error, /attempt 1 of 3 failed/);
      await drain(w);
      assert.equal(sms.received.filter((m) => m.message.includes(item.message)).length, 0, 'not due before the backoff');
      clock = NOW + 1000;
      await drain(w);
      assert.equal(sms.received.filter((m) => m.message.includes(item.message)).length, 1);
      assert.equal((await stored(t(), item)).channelDelivery.sms.state, 'sent');
    });

    test('no number or address: failed at once, not retried; an expired notification is failed without sending', async () => {
      clock = NOW;
      const p = await linkedPatient(t(), { mobileNumber: null, email: null });
      const item = await notifyOn(t(), p, ['sms', 'email']);
      const late = await notifyOn(t(), await linkedPatient(t()), ['sms'], { expiresAt: NOW + 10 });
      clock = NOW + 20;
      await drain(worker(t()));
      const after = await stored(t(), item);
      assert.deepEqual([after.channelDelivery.sms.state, after.channelDelivery.sms.error], ['failed', NO_MOBILE_NUMBER]);
      assert.deepEqual([after.channelDelivery.email.state, after.channelDelivery.email.error], ['failed', NO_EMAIL_ADDRESS]);
      assert.equal((await stored(t(), late)).channelDelivery.sms.state, 'failed');
      assert.equal(sms.received.filter((m) => m.message.includes(late.message)).length, 0);
    });

    test('two workers at once send each message exactly once', async () => {
      clock = NOW;
      const p = await linkedPatient(t());
      const items = await Promise.all(Array.from({ length: 12 }, () => notifyOn(t(), p, ['sms'])));
      const [a, b] = [worker(t()), worker(t())];
      await Promise.all([drain(a), drain(b)]);
      for (const item of items) assert.equal(sms.received.filter((m) => m.message.includes(item.message)).length, 1);
    });
  },
  { services: { now: () => clock }, env: { SMS_URL: sms.url, SMS_API_KEY: sms.key, SMTP_URL: smtp.url } },
);

describeEachDialect(
  'notifications: the sms channel without an SMS provider',
  (t) => {
    test('without an SMS provider the sms waits (and says why); a worker with only mail leaves it; a reused dedupeKey sends nothing again', async () => {
      clock = NOW;
      const p = await linkedPatient(t());
      const item = await notifyOn(t(), p, ['sms'], { dedupeKey: `k-${newId()}` });
      assert.equal(item.channelDelivery.sms.error, NO_SMS_PROVIDER);
      await drain(worker(t(), { email: true }));
      assert.equal((await stored(t(), item)).channelDelivery.sms.state, 'pending');
      const again = ok(await t().call('notifications', 'create', { ...item, id: undefined, createdAt: undefined, updatedAt: undefined, channelDelivery: undefined, deliveryState: undefined }));
      assert.equal(again.created, false);
      await drain(worker(t()));
      assert.equal(sms.received.filter((m) => m.message.includes(item.message)).length, 1);
    });
  },
  { services: { now: () => clock }, env: { SMTP_URL: smtp.url } },
);
