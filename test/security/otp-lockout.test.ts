import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, failsWith, type TestApp } from '../harness.ts';
import { nextIp, uniquePhone } from '../../src/namespaces/auth/auth.testkit.ts';
import { account, accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, finding 9 (the one-time codes): the per-number limits of auth.sendOtp / verifyOtp and
 * patients.requestLink / confirmLink could be used up by anyone, so that the number's owner got no
 * code and could not use one. The attacker is slowed per number and address; the owner, from an
 * address of their own, still gets a code and uses it.
 */

const texts: { to: string; text: string }[] = [];
/** The code of the last SMS sent to the number. */
const codeSentTo = (number: string) => {
  const sms = texts.findLast((m) => m.to === number);
  assert.ok(sms, `an SMS went to ${number}`);
  return /\b(\d{6})\b/.exec(sms.text)![1]!;
};

/** The defaults per number and address (code requests, wrong codes). */
const PER_ADDRESS = { send: 5, verify: 5 };
/** The number-wide windows, set so that the test stays quick: two addresses' worth. */
const ATTACKER_ADDRESSES = 2;
const perNumber = (points: number) => `${ATTACKER_ADDRESSES * points}/3600`;

/** The attacker spends the per-number-and-address window of each of its addresses, and so the number-wide one. */
async function exhaust(perAddress: number, attempt: (ip: string) => Promise<void>): Promise<string[]> {
  const addresses = Array.from({ length: ATTACKER_ADDRESSES }, () => nextIp());
  for (const ip of addresses) for (let i = 0; i < perAddress; i++) await attempt(ip);
  return addresses;
}

describeEachDialect(
  'security: one-time codes cannot lock their owner out',
  (t: () => TestApp) => {
    const auth = (apiName: string, data: Record<string, unknown>, ip: string) => t().call('auth', apiName, data, { ip });

    test("an attacker's code requests slow the attacker down; the owner still gets a code and signs in", async () => {
      const number = uniquePhone();
      const attacker = await exhaust(PER_ADDRESS.send, async (ip) => void ok(await auth('sendOtp', { mobileNumber: number }, ip)));
      // Every address that asked for this number waits now...
      for (const ip of attacker) failsWith(await auth('sendOtp', { mobileNumber: number }, ip), 'RATE_LIMITED', 429);
      // ...while the owner, from an address of their own, gets a code and signs in with it.
      const owner = nextIp();
      ok(await auth('sendOtp', { mobileNumber: number }, owner));
      const signedIn = ok(await auth('verifyOtp', { mobileNumber: number, otp: codeSentTo(number) }, owner));
      assert.equal(signedIn.user.phone, number);
      // A fresh address of the attacker gets one code, no more.
      const fresh = nextIp();
      ok(await auth('sendOtp', { mobileNumber: number }, fresh));
      failsWith(await auth('sendOtp', { mobileNumber: number }, fresh), 'RATE_LIMITED', 429);
    });

    test("an attacker's wrong codes slow the attacker down; the owner still signs in with the code sent", async () => {
      const number = uniquePhone();
      const attacker = await exhaust(PER_ADDRESS.verify, async (ip) => {
        failsWith(await auth('verifyOtp', { mobileNumber: number, otp: '000000' }, ip), 'UNAUTHENTICATED', 401);
      });
      for (const ip of attacker) failsWith(await auth('verifyOtp', { mobileNumber: number, otp: '000000' }, ip), 'RATE_LIMITED', 429);

      const owner = nextIp();
      ok(await auth('sendOtp', { mobileNumber: number }, owner));
      const code = codeSentTo(number);
      assert.equal(ok(await auth('verifyOtp', { mobileNumber: number, otp: code }, owner)).user.phone, number);
      // A fresh address of the attacker gets one guess, no more.
      const fresh = nextIp();
      failsWith(await auth('verifyOtp', { mobileNumber: number, otp: '000000' }, fresh), 'UNAUTHENTICATED', 401);
      failsWith(await auth('verifyOtp', { mobileNumber: number, otp: '000000' }, fresh), 'RATE_LIMITED', 429);
    });

    test("a code's own attempts stay bounded: wrong guesses burn it, whoever makes them", async () => {
      const number = uniquePhone();
      ok(await auth('sendOtp', { mobileNumber: number }, nextIp()));
      const code = codeSentTo(number);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < t().config.auth.otpMaxAttempts; i++) {
        failsWith(await auth('verifyOtp', { mobileNumber: number, otp: wrong }, nextIp()), 'UNAUTHENTICATED', 401);
      }
      failsWith(await auth('verifyOtp', { mobileNumber: number, otp: code }, nextIp()), 'UNAUTHENTICATED', 401);
      // A new code works.
      const owner = nextIp();
      ok(await auth('sendOtp', { mobileNumber: number }, owner));
      ok(await auth('verifyOtp', { mobileNumber: number, otp: codeSentTo(number) }, owner));
    });

    test('patient linking: neither requests nor wrong codes of another account keep the patient from linking', async () => {
      const clinic = await accountWithOrganization(t(), 'clinic');
      const number = uniquePhone();
      const record = ok(await t().call('patients', 'create', { organizationId: clinic.organizationId, name: 'Patient', mobileNumber: number }, { token: clinic.token }));
      const attacker = await account(t(), 'attacker');
      const link = (apiName: string, data: Record<string, unknown>, token: string, ip: string) =>
        t().call('patients', apiName, { organizationId: clinic.organizationId, mobileNumber: number, ...data }, { token, ip });

      const requests = await exhaust(PER_ADDRESS.send, async (ip) => void ok(await link('requestLink', {}, attacker.token, ip)));
      for (const ip of requests) failsWith(await link('requestLink', {}, attacker.token, ip), 'RATE_LIMITED', 429);
      const guesses = await exhaust(PER_ADDRESS.verify, async (ip) => void failsWith(await link('confirmLink', { otp: '000000' }, attacker.token, ip), 'FORBIDDEN', 403));
      for (const ip of guesses) failsWith(await link('confirmLink', { otp: '000000' }, attacker.token, ip), 'RATE_LIMITED', 429);

      const patient = await account(t(), 'patient');
      const own = nextIp();
      ok(await link('requestLink', {}, patient.token, own));
      const linked = ok(await link('confirmLink', { otp: codeSentTo(number) }, patient.token, own));
      assert.deepEqual(
        linked.items.map((item: { id: string }) => item.id),
        [record.item.id],
      );
    });
  },
  production({
    env: {
      RATE_LIMIT_AUTH_SEND_OTP_IDENTIFIER: perNumber(PER_ADDRESS.send),
      RATE_LIMIT_AUTH_VERIFY_OTP_IDENTIFIER: perNumber(PER_ADDRESS.verify),
      RATE_LIMIT_PATIENTS_REQUEST_LINK_IDENTIFIER: perNumber(PER_ADDRESS.send),
      RATE_LIMIT_PATIENTS_CONFIRM_LINK_IDENTIFIER: perNumber(PER_ADDRESS.verify),
    },
    services: { sms: { send: async (to: string, text: string) => void texts.push({ to, text }) } },
  }),
);
