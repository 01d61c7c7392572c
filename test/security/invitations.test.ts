import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect, failsWith } from '../harness.ts';
import type { MailMessage } from '../../src/provider-interfaces.ts';
import { account, accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, the invitations as an attacker with an organization of their own would use them: the
 * invitation mail cannot be turned on an address (rate limits per organization and per address,
 * counted in the database), and an invitation's state moves only by the invited person's answer.
 */

const mails: MailMessage[] = [];
const mailer = { send: async (message: MailMessage) => void mails.push(message) };
const address = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;

describeEachDialect(
  'security: invitations (issue 24, red team)',
  (t) => {
    const inviteByEmail = (admin: { organizationId: string; token: string }, email: string) =>
      t().call('users', 'inviteByEmail', { organizationId: admin.organizationId, email, role: 'nurse' }, { token: admin.token });

    it('one address gets a bounded number of invitation mails, whichever organizations send them', async () => {
      const target = address('victim');
      const first = await accountWithOrganization(t(), 'bomber');
      const second = await accountWithOrganization(t(), 'bomber');
      let sent = 0;
      for (const admin of [first, second, first, second, first]) {
        ok(await inviteByEmail(admin, target));
        sent += 1;
      }
      const refused = failsWith(await inviteByEmail(second, target.toUpperCase()), 'RATE_LIMITED', 429);
      assert.ok(refused.message.includes('retry'));
      assert.equal(mails.filter((m) => m.to.toLowerCase() === target).length, sent, 'no mail past the limit');
      // Another address is not affected.
      ok(await inviteByEmail(await accountWithOrganization(t(), 'third'), address('someone-else')));
    });

    it('one organization sends a bounded number of invitation mails (RATE_LIMIT_USERS_INVITE_BY_EMAIL_ORGANIZATION)', async () => {
      const admin = await accountWithOrganization(t(), 'spammer');
      for (let i = 0; i < 3; i += 1) ok(await inviteByEmail(admin, address(`staff${i}`)));
      failsWith(await inviteByEmail(admin, address('one-more')), 'RATE_LIMITED', 429);
      // Another organization keeps its own count.
      const other = await accountWithOrganization(t(), 'other');
      ok(await inviteByEmail(other, address('staff')));
    });

    it('an admin cannot set an invitation\'s state through update', async () => {
      const admin = await accountWithOrganization(t(), 'flipper');
      const person = await account(t(), 'person');
      const item = ok(await t().call('users', 'create', { organizationId: admin.organizationId, idpUserId: person.idpUserId, email: person.email, role: 'staff' }, { token: admin.token })).item;
      const updated = await t().call('users', 'update', { organizationId: admin.organizationId, id: item.id, invitationStatus: 'accepted', displayName: 'x' }, { token: admin.token });
      if (updated.statusCode === 200) assert.equal(updated.body.data.item.invitationStatus, 'pending');
      else failsWith(updated, 'VALIDATION_FAILED', 400);
      failsWith(await t().call('patients', 'listByOrganization', { organizationId: admin.organizationId }, { token: person.token }), 'FORBIDDEN', 403);

      // Declined stays declined: an update of the record (its identity too, set to the same) does not revive it.
      ok(await t().call('users', 'declineInvitation', { id: item.id }, { token: person.token }));
      const again = ok(await t().call('users', 'update', { organizationId: admin.organizationId, id: item.id, idpUserId: person.idpUserId, role: 'doctor' }, { token: admin.token })).item;
      assert.equal(again.invitationStatus, 'declined');
      failsWith(await t().call('users', 'acceptInvitation', { id: item.id }, { token: person.token }), 'INVALID_STATE', 409);
      failsWith(await t().call('patients', 'listByOrganization', { organizationId: admin.organizationId }, { token: person.token }), 'FORBIDDEN', 403);
    });

    it('an invitation is accepted once; a member cannot take a second record by an email code', async () => {
      const admin = await accountWithOrganization(t(), 'twice');
      const person = await account(t(), 'person');
      const item = ok(await t().call('users', 'create', { organizationId: admin.organizationId, idpUserId: person.idpUserId, email: person.email, role: 'staff' }, { token: admin.token })).item;
      ok(await t().call('users', 'acceptInvitation', { id: item.id }, { token: person.token }));
      failsWith(await t().call('users', 'acceptInvitation', { id: item.id }, { token: person.token }), 'INVALID_STATE', 409);

      const to = address('member');
      const sent = ok(await inviteByEmail(admin, to)).item;
      const code = /invitation code:\s*(\S+)/i.exec(mails.find((m) => m.to === to)!.text)?.[1];
      failsWith(await t().call('users', 'acceptInvitation', { id: sent.id, code }, { token: person.token }), 'CONFLICT', 409);
    });

    it('a block set on a pending record applies after acceptance, in that organization only', async () => {
      const admin = await accountWithOrganization(t(), 'blocker');
      const person = await accountWithOrganization(t(), 'person');
      const item = ok(await t().call('users', 'create', { organizationId: admin.organizationId, idpUserId: person.idpUserId, email: person.email, role: 'staff', isBlocked: true }, { token: admin.token })).item;
      ok(await t().call('auth', 'me', {}, { token: person.token }));
      ok(await t().call('users', 'acceptInvitation', { id: item.id }, { token: person.token }));
      failsWith(await t().call('patients', 'listByOrganization', { organizationId: admin.organizationId }, { token: person.token }), 'FORBIDDEN', 403);
      ok(await t().call('auth', 'me', {}, { token: person.token }));
      ok(await t().call('patients', 'listByOrganization', { organizationId: person.organizationId }, { token: person.token }));
    });
  },
  production({ services: { mailer }, env: { RATE_LIMIT_USERS_INVITE_BY_EMAIL_ORGANIZATION: '3/3600' } }),
);
