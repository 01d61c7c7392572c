import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { signIn, type SignedIn } from '../builders.ts';
import { describeEachDialect, failsWith, type TestApp } from '../harness.ts';
import { newId } from '../../src/values/ids.ts';
import { httpSms } from '../../src/providers/http-sms.ts';
import { smtpMailer } from '../../src/providers/smtp-mailer.ts';
import { DeliveryWorker } from '../../src/namespaces/notifications/notifications.deliveryWorker.ts';
import { startFakeSms, startFakeSmtp } from '../../src/namespaces/notifications/notifications.testkit.ts';
import { account, accountWithOrganization, ok, production, type Account } from './production.ts';
import { linkAndAccept } from '../../src/namespaces/patients/patients.testkit.ts';

/**
 * Issue 24, finding 3: notifications go only to an organization's own people (its members and the
 * accounts linked to its patients), and staff see a delivery's state, never the address it went to.
 */

const sms = await startFakeSms();
const smtp = await startFakeSmtp();
after(() => Promise.all([sms.close(), smtp.close()]));

const silent = { info: () => {}, warn: () => {}, error: () => {} };

function worker(t: TestApp): DeliveryWorker {
  return new DeliveryWorker({
    db: t.database.db,
    dialect: t.dialect,
    push: undefined,
    sms: httpSms(sms.url, sms.key),
    mailer: smtpMailer(smtp.url, 'healthops <no-reply@example.test>'),
    log: silent,
    options: { pollIntervalMs: 60_000, maxAttempts: 3, retryBaseMs: 1000, retryMaxMs: 60_000, batchSize: 50 },
  });
}

async function drain(t: TestApp): Promise<void> {
  const w = worker(t);
  while ((await w.runOnce()) > 0);
}

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const textsWith = (text: string) => sms.received.filter((m) => m.message.includes(text));

interface Clinic extends Account {
  organizationId: string;
  nurse: SignedIn;
}

async function clinic(t: TestApp): Promise<Clinic> {
  const owner = await accountWithOrganization(t, 'clinic');
  const nurse = await signIn(t, { organizationId: owner.organizationId, roles: ['nurse'] });
  return { ...owner, nurse };
}

describeEachDialect(
  'security: notifications go only to an organization\'s own people (issue 24, finding 3)',
  (t) => {
    const send = (c: Clinic, recipientIdpUserId: string, message = `Verify at https://evil.example/login ${newId()}`) =>
      t().call(
        'notifications',
        'create',
        { organizationId: c.organizationId, recipientIdpUserId, recipientRole: 'patient', type: 'notice', title: 'Action needed', message, channels: ['in_app', 'push', 'email', 'sms'] },
        { token: c.nurse.token },
      );
    const stored = (organizationId: string, recipientIdpUserId: string) =>
      t().database.db.selectFrom('notifications').select('id').where('organizationId', '=', organizationId).where('recipientIdpUserId', '=', recipientIdpUserId).execute();

    /** A patient of the clinic whose record is linked to their own account (signed up, with an email). */
    async function linkedPatient(c: Clinic): Promise<Account & { patientId: string }> {
      const person = await account(t(), 'patient');
      const patient = ok(await t().call('patients', 'create', { organizationId: c.organizationId, name: 'Asha Rao', email: person.email }, { token: c.token })).item;
      await linkAndAccept(t(), c, { organizationId: c.organizationId, id: patient.id }, person);
      return { ...person, patientId: patient.id };
    }

    describe('who may be a recipient', () => {
      it('the attack: a nurse of A notifies an identity with no tie to A: refused, nothing stored or delivered', async () => {
        const a = await clinic(t());
        const stranger = await account(t(), 'stranger');
        const refused = failsWith(await send(a, stranger.idpUserId), 'VALIDATION_FAILED', 400);
        assert.deepEqual(refused.details?.map((d) => d.path), ['recipientIdpUserId']);
        assert.deepEqual(await stored(a.organizationId, stranger.idpUserId), []);
        await drain(t());
        assert.deepEqual(mailsTo(stranger.email), []);
      });

      it('the answer is the same whether or not the identity exists, so it tells nothing about it', async () => {
        const a = await clinic(t());
        const known = failsWith(await send(a, (await account(t(), 'known')).idpUserId), 'VALIDATION_FAILED', 400);
        const unknown = failsWith(await send(a, newId()), 'VALIDATION_FAILED', 400);
        assert.deepEqual(known, unknown);
      });

      it('a member of another organization, a pending invitee and a blocked member are not recipients', async () => {
        const a = await clinic(t());
        const b = await clinic(t());
        const invitee = await signIn(t(), { organizationId: a.organizationId, roles: ['doctor'] });
        await t().database.db.updateTable('users').set({ invitationStatus: 'pending' }).where('idpUserId', '=', invitee.idpUserId).execute();
        const blocked = await signIn(t(), { organizationId: a.organizationId, roles: ['doctor'], blocked: true });
        for (const person of [b.nurse, invitee, blocked]) {
          failsWith(await send(a, person.idpUserId), 'VALIDATION_FAILED', 400);
          assert.deepEqual(await stored(a.organizationId, person.idpUserId), []);
        }
      });

      it('a member of the organization and an account linked to one of its patients are recipients, and get the message', async () => {
        const a = await clinic(t());
        const colleague = await signIn(t(), { organizationId: a.organizationId, roles: ['doctor'] });
        const patient = await linkedPatient(a);
        const toColleague = ok(await send(a, colleague.idpUserId));
        assert.equal(toColleague.created, true);
        const message = `Your results are ready ${newId()}`;
        const toPatient = ok(await send(a, patient.idpUserId, message));
        assert.equal(toPatient.created, true);
        await drain(t());
        assert.equal(mailsTo(patient.email).length, 1);
        const after = ok(await t().call('notifications', 'getById', { organizationId: a.organizationId, id: toPatient.item.id }, { token: a.nurse.token })).item;
        assert.equal(after.channelDelivery.email.state, 'sent');
        assert.equal(textsWith(message).length, 0, 'the patient has no mobile number');
      });

      it('a person unlinked after the notification was written gets nothing when it is delivered', async () => {
        const a = await clinic(t());
        const patient = await linkedPatient(a);
        const queued = ok(await send(a, patient.idpUserId)).item;
        ok(await t().call('patients', 'unlinkAccount', { organizationId: a.organizationId, id: patient.patientId }, { token: a.token }));
        await drain(t());
        assert.deepEqual(mailsTo(patient.email), []);
        const after = ok(await t().call('notifications', 'getById', { organizationId: a.organizationId, id: queued.id }, { token: a.nurse.token })).item;
        assert.equal(after.channelDelivery.email.state, 'failed');
      });
    });

    describe('notify(): the operations that notify', () => {
      it('a doctor whose invitation is still pending is not notified when the patient joins the call; the join still counts', async () => {
        const a = await clinic(t());
        const doctor = await signIn(t(), { organizationId: a.organizationId, roles: ['doctor'] });
        const patient = await linkedPatient(a);
        const visit = ok(
          await t().call(
            'appointments',
            'create',
            { organizationId: a.organizationId, patientId: patient.patientId, doctorId: doctor.userId, scheduledDate: '2031-03-04', scheduledTime: '10:00', duration: 30, type: 'video' },
            { token: a.token },
          ),
        ).item;
        await t().database.db.updateTable('users').set({ invitationStatus: 'pending' }).where('idpUserId', '=', doctor.idpUserId).execute();
        const joined = ok(await t().call('appointments', 'patientJoinedCall', { organizationId: a.organizationId, appointmentId: visit.id }, { token: patient.token }));
        assert.notEqual(joined.item.patientJoinedAt, null);
        assert.equal(joined.notified, false);
        assert.equal(joined.notification, null);
        const written = await t().database.db.selectFrom('notifications').select('id').where('recipientIdpUserId', '=', doctor.idpUserId).execute();
        assert.deepEqual(written, [], 'nothing written for the pending doctor');
      });
    });

    describe('the delivery address is not shown to staff', () => {
      it('listByOrganization, getById and update show each channel\'s state, never the address', async () => {
        const a = await clinic(t());
        const patient = await linkedPatient(a);
        const created = ok(await send(a, patient.idpUserId)).item;
        await drain(t());
        assert.equal(mailsTo(patient.email).length, 1);
        const list = ok(await t().call('notifications', 'listByOrganization', { organizationId: a.organizationId }, { token: a.nurse.token }));
        const listed = list.items.find((n: { id: string }) => n.id === created.id);
        assert.equal(listed.channelDelivery.email.state, 'sent');
        assert.ok(!('to' in listed.channelDelivery.email), JSON.stringify(listed.channelDelivery));
        assert.ok(!JSON.stringify(list).includes(patient.email), 'the address is nowhere in the answer');
        const one = ok(await t().call('notifications', 'getById', { organizationId: a.organizationId, id: created.id }, { token: a.nurse.token }));
        const updated = ok(await t().call('notifications', 'update', { organizationId: a.organizationId, id: created.id, isRead: true }, { token: a.nurse.token }));
        for (const answer of [one, updated]) assert.ok(!JSON.stringify(answer).includes(patient.email));
      });
    });
  },
  production({ env: { SMTP_URL: smtp.url, SMS_URL: sms.url, SMS_API_KEY: sms.key } }),
);
