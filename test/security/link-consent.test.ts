import assert from 'node:assert/strict';
import { it } from 'node:test';
import { signIn } from '../builders.ts';
import { describeEachDialect, failsWith, type TestApp } from '../harness.ts';
import { account, accountWithOrganization, ok, production, type Account } from './production.ts';

/**
 * Issue 24, consent: a patient record linked by staff to someone else's account is a request until
 * that account accepts it with its own token. Until then the account is no recipient of the
 * organization's notifications, does not see the record as its own and cannot read it as `self`.
 */

const texts: { to: string; text: string }[] = [];

describeEachDialect(
  'security: a patient account link made by staff needs the account\'s consent (issue 24)',
  (t) => {
    const call = (ns: string, op: string, data: Record<string, unknown>, who: { token: string }) => t().call(ns, op, data, { token: who.token });

    const notify = (clinic: Account & { organizationId: string }, nurseToken: string, recipientIdpUserId: string) =>
      t().call(
        'notifications',
        'create',
        { organizationId: clinic.organizationId, recipientIdpUserId, recipientRole: 'patient', type: 'notice', title: 'Action needed', message: 'Verify at https://evil.example/login', channels: ['in_app'] },
        { token: nurseToken },
      );

    /** An admin of A links a stranger's account (identity ids are not secret) to a record of A. */
    async function strangerLinked(tt: TestApp) {
      const clinic = await accountWithOrganization(tt, 'clinic');
      const nurse = await signIn(tt, { organizationId: clinic.organizationId, roles: ['nurse'] });
      const stranger = await account(tt, 'stranger');
      const { organizationId } = clinic;
      const { id } = ok(await call('patients', 'create', { organizationId, name: 'Asha Rao' }, clinic)).item;
      const linked = ok(await call('patients', 'linkAccount', { organizationId, id, idpUserId: stranger.idpUserId }, clinic)).item;
      return { clinic, nurse, stranger, organizationId, id, linked };
    }

    async function assertGrantsNothing(s: Awaited<ReturnType<typeof strangerLinked>>) {
      failsWith(await notify(s.clinic, s.nurse.token, s.stranger.idpUserId), 'VALIDATION_FAILED', 400);
      assert.deepEqual(ok(await call('auth', 'me', {}, s.stranger)).linkedPatients, []);
      const refused = await call('appointments', 'listByPatient', { patientId: s.id }, s.stranger);
      assert.ok([403, 404].includes(refused.statusCode), JSON.stringify(refused.body));
      assert.deepEqual(ok(await call('audit', 'listReadsOfMyRecords', {}, s.stranger)).items, []);
    }

    it('the attack: a pending link makes the stranger no recipient, shows them no record and no self access', async () => {
      const s = await strangerLinked(t());
      await assertGrantsNothing(s);
      // The organization sees the link it asked for, marked pending; linkAccount answers as the interface says.
      assert.equal(s.linked.idpUserId, s.stranger.idpUserId);
      assert.equal(s.linked.accountLinkStatus, 'pending');
      const seen = ok(await call('patients', 'getById', { organizationId: s.organizationId, id: s.id }, s.clinic)).item;
      assert.deepEqual([seen.idpUserId, seen.accountLinkStatus], [s.stranger.idpUserId, 'pending']);
      // An update sending the record back as it was answered keeps the request a request.
      const updated = ok(await call('patients', 'update', { organizationId: s.organizationId, id: s.id, name: 'Asha R.', idpUserId: s.stranger.idpUserId }, s.clinic)).item;
      assert.deepEqual([updated.idpUserId, updated.accountLinkStatus], [s.stranger.idpUserId, 'pending']);
      await assertGrantsNothing(s);
    });

    it('listMyLinkRequests shows the request to that account only; acceptLink makes everything work', async () => {
      const s = await strangerLinked(t());
      const mine = ok(await call('patients', 'listMyLinkRequests', {}, s.stranger)).items;
      assert.equal(mine.length, 1);
      assert.equal(mine[0].id, s.id);
      assert.equal(mine[0].organizationId, s.organizationId);
      assert.equal(mine[0].organizationName, 'clinic clinic');
      assert.equal(mine[0].patientName, 'Asha Rao');
      assert.equal(mine[0].requestedBy, s.clinic.idpUserId);
      assert.ok(mine[0].expiresAt > mine[0].requestedAt);
      assert.equal(mine[0].mobileNumber, undefined, 'no other patient data');
      const other = await account(t(), 'other');
      assert.deepEqual(ok(await call('patients', 'listMyLinkRequests', {}, other)).items, []);
      failsWith(await call('patients', 'acceptLink', { id: s.id }, other), 'NOT_FOUND', 404);

      ok(await call('patients', 'acceptLink', { id: s.id }, s.stranger));
      assert.equal(ok(await notify(s.clinic, s.nurse.token, s.stranger.idpUserId)).created, true);
      assert.deepEqual(ok(await call('auth', 'me', {}, s.stranger)).linkedPatients.map((p: { id: string }) => p.id), [s.id]);
      ok(await call('appointments', 'listByPatient', { patientId: s.id }, s.stranger));
      const seen = ok(await call('patients', 'getById', { organizationId: s.organizationId, id: s.id }, s.clinic)).item;
      assert.deepEqual([seen.idpUserId, seen.accountLinkStatus], [s.stranger.idpUserId, 'accepted']);
      assert.deepEqual(ok(await call('patients', 'listMyLinkRequests', {}, s.stranger)).items, []);
      failsWith(await call('patients', 'acceptLink', { id: s.id }, s.stranger), 'INVALID_STATE', 409);
    });

    it('declineLink clears the link: the record is unlinked and may be linked again', async () => {
      const s = await strangerLinked(t());
      ok(await call('patients', 'declineLink', { id: s.id }, s.stranger));
      const seen = ok(await call('patients', 'getById', { organizationId: s.organizationId, id: s.id }, s.clinic)).item;
      assert.deepEqual([seen.idpUserId, seen.accountLinkStatus], [null, null]);
      await assertGrantsNothing(s);
      // A declined request is no tie any more: nothing left to answer.
      failsWith(await call('patients', 'acceptLink', { id: s.id }, s.stranger), 'NOT_FOUND', 404);
      const other = await account(t(), 'other');
      assert.equal(ok(await call('patients', 'linkAccount', { organizationId: s.organizationId, id: s.id, idpUserId: other.idpUserId }, s.clinic)).item.idpUserId, other.idpUserId);
    });

    it('a pending link is a link for linkAccount: another account is CONFLICT until unlinked', async () => {
      const s = await strangerLinked(t());
      const other = await account(t(), 'other');
      failsWith(await call('patients', 'linkAccount', { organizationId: s.organizationId, id: s.id, idpUserId: other.idpUserId }, s.clinic), 'CONFLICT', 409);
      ok(await call('patients', 'unlinkAccount', { organizationId: s.organizationId, id: s.id }, s.clinic));
      failsWith(await call('patients', 'acceptLink', { id: s.id }, s.stranger), 'NOT_FOUND', 404);
      await assertGrantsNothing(s);
    });

    it('an expired request cannot be accepted and is not listed', async () => {
      const s = await strangerLinked(t());
      await t().database.db.updateTable('patients').set({ linkExpiresAt: Date.now() - 1000 }).where('id', '=', s.id).execute();
      assert.deepEqual(ok(await call('patients', 'listMyLinkRequests', {}, s.stranger)).items, []);
      failsWith(await call('patients', 'acceptLink', { id: s.id }, s.stranger), 'INVALID_STATE', 409);
      await assertGrantsNothing(s);
    });

    it('create with another account\'s idpUserId is a request too', async () => {
      const clinic = await accountWithOrganization(t(), 'clinic');
      const stranger = await account(t(), 'stranger');
      const created = ok(await call('patients', 'create', { organizationId: clinic.organizationId, name: 'Asha Rao', idpUserId: stranger.idpUserId }, clinic)).item;
      assert.deepEqual([created.idpUserId, created.accountLinkStatus], [stranger.idpUserId, 'pending']);
      assert.deepEqual(ok(await call('auth', 'me', {}, stranger)).linkedPatients, []);
      failsWith(await call('appointments', 'listByPatient', { patientId: created.id }, stranger), 'NOT_FOUND', 404);
      ok(await call('patients', 'acceptLink', { id: created.id }, stranger));
      ok(await call('appointments', 'listByPatient', { patientId: created.id }, stranger));
    });

    it('a link the account makes itself, proving the number (confirmLink), is accepted at once', async () => {
      const clinic = await accountWithOrganization(t(), 'clinic');
      const person = await account(t(), 'person');
      const mobileNumber = `+9198${String(Date.now()).slice(-8)}`;
      const { id } = ok(await call('patients', 'create', { organizationId: clinic.organizationId, name: 'Asha Rao', mobileNumber }, clinic)).item;
      ok(await call('patients', 'requestLink', { organizationId: clinic.organizationId, mobileNumber }, person));
      const code = /\b(\d{6})\b/.exec(texts.findLast((m) => m.to === mobileNumber)!.text)![1]!;
      const linked = ok(await call('patients', 'confirmLink', { organizationId: clinic.organizationId, mobileNumber, otp: code }, person)).items;
      assert.deepEqual(linked.map((p: { id: string; accountLinkStatus: string }) => [p.id, p.accountLinkStatus]), [[id, 'accepted']]);
      assert.deepEqual(ok(await call('auth', 'me', {}, person)).linkedPatients.map((p: { id: string }) => p.id), [id]);
      ok(await call('appointments', 'listByPatient', { patientId: id }, person));
    });

    it('proving the number does not take a record another account was asked for', async () => {
      const clinic = await accountWithOrganization(t(), 'clinic');
      const asked = await account(t(), 'asked');
      const person = await account(t(), 'person');
      const mobileNumber = `+9197${String(Date.now()).slice(-8)}`;
      const { id } = ok(await call('patients', 'create', { organizationId: clinic.organizationId, name: 'Asha Rao', mobileNumber, idpUserId: asked.idpUserId }, clinic)).item;
      ok(await call('patients', 'requestLink', { organizationId: clinic.organizationId, mobileNumber }, person));
      const code = /\b(\d{6})\b/.exec(texts.findLast((m) => m.to === mobileNumber)!.text)![1]!;
      assert.deepEqual(ok(await call('patients', 'confirmLink', { organizationId: clinic.organizationId, mobileNumber, otp: code }, person)).items, []);
      const seen = ok(await call('patients', 'getById', { organizationId: clinic.organizationId, id }, clinic)).item;
      assert.deepEqual([seen.idpUserId, seen.accountLinkStatus], [asked.idpUserId, 'pending']);
    });

    it('a link a staff member makes to their own account is accepted at once', async () => {
      const clinic = await accountWithOrganization(t(), 'clinic');
      const { id } = ok(await call('patients', 'create', { organizationId: clinic.organizationId, name: 'Asha Rao' }, clinic)).item;
      const linked = ok(await call('patients', 'linkAccount', { organizationId: clinic.organizationId, id, idpUserId: clinic.idpUserId }, clinic)).item;
      assert.equal(linked.accountLinkStatus, 'accepted');
      assert.deepEqual(ok(await call('auth', 'me', {}, clinic)).linkedPatients.map((p: { id: string }) => p.id), [id]);
    });
  },
  production({ services: { sms: { send: async (to, text) => void texts.push({ to, text }) } } }),
);
