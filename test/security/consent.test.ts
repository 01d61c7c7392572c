import assert from 'node:assert/strict';
import { it } from 'node:test';
import { platformAdmin } from '../builders.ts';
import { describeEachDialect, failsWith, type TestApp } from '../harness.ts';
import type { MailMessage } from '../../src/provider-interfaces.ts';
import { account, accountWithOrganization, ok, production, type Account } from './production.ts';
import { linkAndAccept } from '../../src/namespaces/patients/patients.testkit.ts';

/**
 * Issue 24, finding 2: a person is bound to an organization only with their consent. A user record
 * naming someone else's identity is an invitation: until that person accepts it with their own
 * token it grants them nothing and imposes nothing on them (no block, no role).
 */

const mails: MailMessage[] = [];
const mailer = { send: async (message: MailMessage) => void mails.push(message) };

describeEachDialect(
  'security: consent before binding a person (issue 24, finding 2)',
  (t) => {
    const invite = (admin: Account & { organizationId: string }, person: Account, extra: Record<string, unknown> = {}) =>
      t().call('users', 'create', { organizationId: admin.organizationId, idpUserId: person.idpUserId, email: person.email, role: 'staff', ...extra }, { token: admin.token });

    /** A patient of a real clinic: its account linked to the clinic's patient record. */
    async function patientOfClinic(app: TestApp) {
      const clinic = await accountWithOrganization(app, 'clinic');
      const person = await account(app, 'patient');
      const patient = ok(await app.call('patients', 'create', { organizationId: clinic.organizationId, name: 'Pat Ient' }, { token: clinic.token })).item;
      await linkAndAccept(app, clinic, { organizationId: clinic.organizationId, id: patient.id }, person);
      return { clinic, person, patientId: patient.id as string };
    }

    it('the attack: binding a patient as blocked staff answers the user record but blocks nothing of theirs', async () => {
      const { clinic, person, patientId } = await patientOfClinic(t());
      const attacker = await accountWithOrganization(t(), 'attacker');
      const item = ok(await invite(attacker, person, { isBlocked: true })).item;
      assert.equal(item.idpUserId, person.idpUserId);
      ok(await t().call('auth', 'me', {}, { token: person.token }));
      ok(await t().call('appointments', 'listByPatient', { organizationId: clinic.organizationId, patientId }, { token: person.token }));
      ok(await t().call('prescriptionMarketplace', 'getMyPrescriptions', {}, { token: person.token }));
    });

    it('a pending invitation grants nothing: not a member until accepted, a member after', async () => {
      const admin = await accountWithOrganization(t(), 'hospital');
      const person = await account(t(), 'nurse');
      const item = ok(await invite(admin, person, { role: 'nurse' })).item;
      failsWith(await t().call('patients', 'listByOrganization', { organizationId: admin.organizationId }, { token: person.token }), 'FORBIDDEN', 403);
      const me = ok(await t().call('auth', 'me', {}, { token: person.token }));
      assert.deepEqual(me.memberships, []);
      assert.equal(me.pendingInvitations, 1);

      const mine = ok(await t().call('users', 'listMyInvitations', {}, { token: person.token })).items;
      assert.equal(mine.length, 1);
      assert.equal(mine[0].id, item.id);
      assert.equal(mine[0].organizationId, admin.organizationId);
      assert.equal(mine[0].role, 'nurse');
      assert.equal(mine[0].invitedBy, admin.idpUserId);
      assert.ok(mine[0].expiresAt > Date.now());

      // Only the invited identity answers it.
      failsWith(await t().call('users', 'acceptInvitation', { id: item.id }, { token: admin.token }), 'NOT_FOUND', 404);
      ok(await t().call('users', 'acceptInvitation', { id: item.id }, { token: person.token }));
      ok(await t().call('patients', 'listByOrganization', { organizationId: admin.organizationId }, { token: person.token }));
      assert.deepEqual(ok(await t().call('users', 'listMyInvitations', {}, { token: person.token })).items, []);
    });

    it('a declined invitation stays without effect; an expired one cannot be accepted', async () => {
      const admin = await accountWithOrganization(t(), 'declined');
      const person = await account(t(), 'declining');
      const item = ok(await invite(admin, person, { role: 'doctor' })).item;
      ok(await t().call('users', 'declineInvitation', { id: item.id }, { token: person.token }));
      failsWith(await t().call('users', 'acceptInvitation', { id: item.id }, { token: person.token }), 'INVALID_STATE', 409);
      failsWith(await t().call('patients', 'listByOrganization', { organizationId: admin.organizationId }, { token: person.token }), 'FORBIDDEN', 403);

      const other = await accountWithOrganization(t(), 'expired');
      const late = ok(await invite(other, person, { role: 'doctor' })).item;
      await t().database.db.updateTable('users').set({ invitationExpiresAt: Date.now() - 1000 }).where('id', '=', late.id).execute();
      assert.deepEqual(ok(await t().call('users', 'listMyInvitations', {}, { token: person.token })).items, []);
      failsWith(await t().call('users', 'acceptInvitation', { id: late.id }, { token: person.token }), 'INVALID_STATE', 409);
      failsWith(await t().call('patients', 'listByOrganization', { organizationId: other.organizationId }, { token: person.token }), 'FORBIDDEN', 403);
    });

    it('the organization may already use a pending record as a staff profile (a doctor to book)', async () => {
      const admin = await accountWithOrganization(t(), 'profile');
      const person = await account(t(), 'doctor');
      const item = ok(await invite(admin, person, { role: 'doctor', displayName: 'Dr Pending' })).item;
      const doctors = ok(await t().call('users', 'getDoctors', { organizationId: admin.organizationId }, { token: admin.token }));
      assert.ok(JSON.stringify(doctors).includes(item.id));
    });

    it('a platform admin binds directly; oneself is accepted at once', async () => {
      const admin = await platformAdmin(t());
      const owner = await accountWithOrganization(t(), 'direct');
      const person = await account(t(), 'direct');
      ok(await t().call('users', 'create', { organizationId: owner.organizationId, idpUserId: person.idpUserId, email: person.email, role: 'nurse' }, { token: admin.token }));
      ok(await t().call('patients', 'listByOrganization', { organizationId: owner.organizationId }, { token: person.token }));
      // organizations.create's first admin is the creator itself: a member at once.
      ok(await t().call('patients', 'listByOrganization', { organizationId: owner.organizationId }, { token: owner.token }));
    });

    it('changing a record\'s identity makes it a new invitation', async () => {
      const admin = await accountWithOrganization(t(), 'rebind');
      const first = await account(t(), 'first');
      const second = await account(t(), 'second');
      const item = ok(await invite(admin, first, { role: 'nurse' })).item;
      ok(await t().call('users', 'acceptInvitation', { id: item.id }, { token: first.token }));
      ok(await t().call('users', 'update', { organizationId: admin.organizationId, id: item.id, idpUserId: second.idpUserId }, { token: admin.token }));
      failsWith(await t().call('patients', 'listByOrganization', { organizationId: admin.organizationId }, { token: second.token }), 'FORBIDDEN', 403);
      assert.equal(ok(await t().call('users', 'listMyInvitations', {}, { token: second.token })).items.length, 1);
    });

    it('an email invitation is taken only by the one who received the mail', async () => {
      const admin = await accountWithOrganization(t(), 'mailing');
      const invitee = `invitee-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
      const sent = ok(await t().call('users', 'inviteByEmail', { organizationId: admin.organizationId, email: invitee, role: 'nurse' }, { token: admin.token })).item;
      const mail = mails.find((m) => m.to === invitee);
      assert.ok(mail, 'an invitation mail was sent');
      const code = /invitation code:\s*(\S+)/i.exec(mail.text)?.[1];
      assert.ok(code);

      const stranger = await account(t(), 'stranger');
      failsWith(await t().call('users', 'acceptInvitation', { id: sent.id, code: `${code}x` }, { token: stranger.token }), 'NOT_FOUND', 404);
      failsWith(await t().call('users', 'acceptInvitation', { id: sent.id }, { token: stranger.token }), 'NOT_FOUND', 404);
      const person = await account(t(), 'invitee');
      ok(await t().call('users', 'acceptInvitation', { id: sent.id, code }, { token: person.token }));
      ok(await t().call('patients', 'listByOrganization', { organizationId: admin.organizationId }, { token: person.token }));
      // Single use: the code does not work a second time, for anyone.
      failsWith(await t().call('users', 'acceptInvitation', { id: sent.id, code }, { token: stranger.token }), 'NOT_FOUND', 404);
      failsWith(await t().call('patients', 'listByOrganization', { organizationId: admin.organizationId }, { token: stranger.token }), 'FORBIDDEN', 403);
    });
  },
  production({ services: { mailer } }),
);
