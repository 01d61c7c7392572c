import { test } from 'node:test';
import { describeEachDialect, failsWith } from '../harness.ts';
import { account, accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, finding 2, the reads of `users` that still counted an invitation as a member: a
 * person invited and not yet accepted acts as nobody; once they accept, they are a member.
 */
describeEachDialect(
  'security: an invitation not accepted binds the person to nothing',
  (t) => {
    test('saloonMembers: a pending member cannot be placed at a seat; after accepting they can', async () => {
      const salon = await accountWithOrganization(t(), 'salon', 'salon');
      const person = await account(t(), 'stylist');
      const invited = ok(await t().call('users', 'create', { organizationId: salon.organizationId, idpUserId: person.idpUserId, email: person.email, role: 'stylist' }, { token: salon.token }));
      const seat = { organizationId: salon.organizationId, locationId: 'location-1', seatId: 'seat-1', idpUserId: person.idpUserId };
      failsWith(await t().call('saloonMembers', 'create', seat, { token: salon.token }), 'VALIDATION_FAILED', 400);
      ok(await t().call('users', 'acceptInvitation', { id: invited.item.id }, { token: person.token }));
      ok(await t().call('saloonMembers', 'create', seat, { token: salon.token }));
    });
  },
  production(),
);
