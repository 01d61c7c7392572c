import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, failsWith, type ApiResponse } from '../harness.ts';
import { nextIp } from '../../src/namespaces/auth/auth.testkit.ts';
import { account, accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, finding 9: wrong passwords locked the real owner out; a foreign idpTeamId answered
 * "this organization is not yours"; foods.analyze answered callers without a token.
 */

const PASSWORD = 'a long enough password 1';
/** The default per account and address. */
const PER_ADDRESS_FAILURES = 10;
/** The account-wide threshold, lowered so that the test stays quick (RATE_LIMIT_AUTH_LOGIN_IDENTIFIER): two addresses' worth. */
const ACCOUNT_FAILURES = 2 * PER_ADDRESS_FAILURES;

const answerOf = (response: ApiResponse) => ({ statusCode: response.statusCode, body: response.body });

describeEachDialect(
  'security: credentials',
  (t) => {
    const login = (email: string, password: string, ip: string) => t().call('auth', 'login', { email, password }, { ip });

    test("an attacker's wrong passwords slow the attacker down, not the owner", async () => {
      const owner = await account(t(), 'victim');
      const attacker = [nextIp(), nextIp()];
      for (let i = 0; i < PER_ADDRESS_FAILURES; i++) failsWith(await login(owner.email, `guess ${i}`, attacker[0]!), 'UNAUTHENTICATED', 401);
      // That address is refused on this account now, even with the right password...
      const slowed = failsWith(await login(owner.email, PASSWORD, attacker[0]!), 'RATE_LIMITED', 429);
      assert.doesNotMatch(slowed.message, /password/);
      // ...while the owner, from an address of their own, signs in.
      assert.equal(ok(await login(owner.email, PASSWORD, nextIp())).user.id, owner.idpUserId);

      // Spread over another address, the attack reaches the account-wide threshold: every address
      // that failed on the account waits, a new one gets one try.
      for (const ip of attacker.slice(1)) {
        for (let i = 0; i < PER_ADDRESS_FAILURES; i++) failsWith(await login(owner.email, `guess ${ip} ${i}`, ip), 'UNAUTHENTICATED', 401);
      }
      for (const ip of attacker) failsWith(await login(owner.email, 'another guess', ip), 'RATE_LIMITED', 429);
      const fresh = nextIp();
      failsWith(await login(owner.email, 'one more guess', fresh), 'UNAUTHENTICATED', 401);
      failsWith(await login(owner.email, 'and another', fresh), 'RATE_LIMITED', 429);
      // The owner still signs in, from an address that has not failed.
      const signedIn = ok(await login(owner.email, PASSWORD, nextIp()));
      assert.equal(signedIn.user.id, owner.idpUserId);
      ok(await t().call('auth', 'me', {}, { token: signedIn.accessToken }));
    });

    test('a failure answer still never says whether the account exists', async () => {
      const owner = await account(t(), 'known');
      const ip = nextIp();
      const known = failsWith(await login(owner.email, 'wrong password', ip), 'UNAUTHENTICATED', 401);
      const unknown = failsWith(await login(`nobody.${Date.now()}@example.test`, 'wrong password', ip), 'UNAUTHENTICATED', 401);
      assert.equal(known.message, unknown.message);
    });

    test('a team of another organization is answered exactly like an unknown team', async () => {
      const victim = await accountWithOrganization(t(), 'victim');
      const team = `team-${victim.organizationId}`;
      ok(await t().call('organizations', 'update', { id: victim.organizationId, idpTeamId: team }, { token: victim.token }));
      const attacker = await accountWithOrganization(t(), 'attacker');

      const probes: [string, string, (idpTeamId: string) => Record<string, unknown>][] = [
        ['admissionCharges', 'getChargesForAdmission', (idpTeamId) => ({ idpTeamId, admissionId: 'some-admission' })],
        ['admissionCharges', 'getChargesForPatient', (idpTeamId) => ({ idpTeamId, patientId: 'some-patient' })],
        ['admissionCharges', 'applyCharge', (idpTeamId) => ({ idpTeamId, idpUserId: attacker.idpUserId, admissionId: 'some-admission', chargeType: 'ward', amount: 100 })],
        ['users', 'syncFromIdpAuth', (idpTeamId) => ({ idpTeamId, idpUserId: attacker.idpUserId, email: attacker.email })],
      ];
      for (const [namespace, apiName, data] of probes) {
        const foreign = answerOf(await t().call(namespace, apiName, data(team), { token: attacker.token }));
        const unknown = answerOf(await t().call(namespace, apiName, data(`no-such-team-${Date.now()}`), { token: attacker.token }));
        assert.deepEqual(foreign, unknown, `${namespace}.${apiName}`);
        assert.ok(foreign.statusCode >= 400, `${namespace}.${apiName}`);
      }
      // The organization's own admin still reaches it by its team.
      const own = await t().call('admissionCharges', 'getChargesForAdmission', { idpTeamId: team, admissionId: 'some-admission' }, { token: victim.token });
      const unknownToOwner = await t().call('admissionCharges', 'getChargesForAdmission', { idpTeamId: 'no-such-team', admissionId: 'some-admission' }, { token: victim.token });
      assert.notDeepEqual(answerOf(own), answerOf(unknownToOwner));
    });

    test('foods.analyze needs a signed-in account', async () => {
      const image = { image_url: 'https://images.example.test/meal.jpg' };
      failsWith(await t().call('foods', 'analyze', image), 'UNAUTHENTICATED', 401);
      const someone = await account(t(), 'eater');
      // Signed in, the call reaches the provider (none is configured here).
      failsWith(await t().call('foods', 'analyze', image, { token: someone.token }), 'NOT_CONFIGURED', 503);
    });
  },
  production({ env: { RATE_LIMIT_AUTH_LOGIN_IDENTIFIER: `${ACCOUNT_FAILURES}/900` } }),
);
