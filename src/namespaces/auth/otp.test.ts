import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import { after, test } from 'node:test';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { authCall, movableClock, nextIp, uniquePhone } from './auth.testkit.ts';
import { LIMITS } from './auth.limits.ts';
import { tokenService } from '../../caller/tokens.ts';

const clock = movableClock();
/** A six-digit code that is neither `code` nor the development code. */
const wrongCodeFor = (code: string) => ['000000', '111111'].find((c) => c !== code)!;

describeEachDialect(
  'auth sendOtp and verifyOtp with the development switch on',
  (t) => {
    const call = authCall(t);

    test('sendOtp answers a random code that verifyOtp takes once; a new number gets a verified identity', async () => {
      const phone = uniquePhone();
      const sent = ok(await call('sendOtp', { mobileNumber: phone }));
      assert.match(sent.otp, /^\d{6}$/);
      assert.equal(sent.mobileNumber, phone);
      assert.equal(sent.expiresIn, t().config.auth.otpTtlSeconds);
      assert.equal(sent.sent, false);
      const stored = await t().database.db.selectFrom('oneTimeCodes').selectAll().where('target', '=', phone).executeTakeFirstOrThrow();
      assert.equal(stored.purpose, 'otp');
      assert.notEqual(stored.codeHash, sent.otp);

      const signedIn = ok(await call('verifyOtp', { mobileNumber: phone, otp: sent.otp }));
      assert.equal(signedIn.tokenType, 'Bearer');
      assert.equal(signedIn.user.phone, phone);
      assert.equal(signedIn.user.isVerified, true);
      assert.equal(signedIn.user.email, null);
      assert.equal(typeof signedIn.user.lastLoginAt, 'number');
      assert.equal(await tokenService(t().config).verify(signedIn.accessToken), signedIn.user.id);

      if (sent.otp !== t().config.auth.devOtpCode) {
        failsWith(await call('verifyOtp', { mobileNumber: phone, otp: sent.otp }), 'UNAUTHENTICATED', 401);
      }
      // Signing in again with a new code reaches the same identity.
      const again = ok(await call('sendOtp', { mobileNumber: phone }));
      assert.equal(ok(await call('verifyOtp', { mobileNumber: phone, otp: again.otp })).user.id, signedIn.user.id);
    });

    test('the number is normalised: countryCode prefixed, spaces and dashes dropped', async () => {
      const sent = ok(await call('sendOtp', { mobileNumber: '98765 432-10', countryCode: '+91' }));
      assert.equal(sent.mobileNumber, '+919876543210');
      const signedIn = ok(await call('verifyOtp', { mobileNumber: '+91 98765 43210', otp: sent.otp }));
      assert.equal(signedIn.user.phone, '+919876543210');
      // A number that already has + keeps its own country code.
      assert.equal(ok(await call('sendOtp', { mobileNumber: '+44 7911 123456', countryCode: '91' })).mobileNumber, '+447911123456');
    });

    test('the development code is accepted while the switch is on', async () => {
      const phone = uniquePhone();
      const signedIn = ok(await call('verifyOtp', { mobileNumber: phone, otp: t().config.auth.devOtpCode }));
      assert.equal(signedIn.user.phone, phone);
    });

    test('a wrong code is UNAUTHENTICATED and counts; after the attempt limit even the right code is refused', async () => {
      const phone = uniquePhone();
      const { otp } = ok(await call('sendOtp', { mobileNumber: phone }));
      const max = t().config.auth.otpMaxAttempts;
      for (let i = 0; i < max; i++) {
        failsWith(await call('verifyOtp', { mobileNumber: phone, otp: wrongCodeFor(otp) }), 'UNAUTHENTICATED', 401);
      }
      const stored = await t().database.db.selectFrom('oneTimeCodes').selectAll().where('target', '=', phone).executeTakeFirstOrThrow();
      assert.equal(stored.attempts, max);
      assert.equal(stored.consumedAt, null);
      if (otp !== t().config.auth.devOtpCode) {
        failsWith(await call('verifyOtp', { mobileNumber: phone, otp }), 'UNAUTHENTICATED', 401);
      }
      assert.equal((await t().database.db.selectFrom('identities').select('id').where('phone', '=', phone).execute()).length, 0);
    });

    test('an expired code is refused', async () => {
      const phone = uniquePhone();
      const { otp } = ok(await call('sendOtp', { mobileNumber: phone }));
      clock.offsetMs = (t().config.auth.otpTtlSeconds + 1) * 1000;
      try {
        if (otp !== t().config.auth.devOtpCode) failsWith(await call('verifyOtp', { mobileNumber: phone, otp }), 'UNAUTHENTICATED', 401);
      } finally {
        clock.offsetMs = 0;
      }
    });

    test('a new sendOtp replaces the earlier code', async () => {
      const phone = uniquePhone();
      const first = ok(await call('sendOtp', { mobileNumber: phone })).otp;
      const second = ok(await call('sendOtp', { mobileNumber: phone })).otp;
      const rows = await t().database.db.selectFrom('oneTimeCodes').select('id').where('target', '=', phone).execute();
      assert.equal(rows.length, 1);
      if (first !== second && first !== t().config.auth.devOtpCode) {
        failsWith(await call('verifyOtp', { mobileNumber: phone, otp: first }), 'UNAUTHENTICATED', 401);
      }
      ok(await call('verifyOtp', { mobileNumber: phone, otp: second }));
    });

    test('validation: mobileNumber is required and must be a number; otp must be six digits', async () => {
      failsWith(await call('sendOtp', {}), 'VALIDATION_FAILED', 400);
      for (const mobileNumber of ['', 'abc', '12345', '+1234567890123456', '+12-34']) {
        const error = failsWith(await call('sendOtp', { mobileNumber }), 'VALIDATION_FAILED', 400);
        assert.deepEqual(error.details!.map((d) => d.path), ['mobileNumber'], mobileNumber);
      }
      failsWith(await call('sendOtp', { mobileNumber: '9876543210', countryCode: 'India' }), 'VALIDATION_FAILED', 400);
      const phone = uniquePhone();
      for (const otp of ['12345', '1234567', 'abcdef', '']) {
        const error = failsWith(await call('verifyOtp', { mobileNumber: phone, otp }), 'VALIDATION_FAILED', 400);
        assert.deepEqual(error.details!.map((d) => d.path), ['otp'], otp);
      }
      failsWith(await call('verifyOtp', { mobileNumber: phone }), 'VALIDATION_FAILED', 400);
    });

    test(`sendOtp is limited to ${LIMITS.sendOtp.identifierAtAddress.points} per number and address and ${LIMITS.sendOtp.address.points} per address`, async () => {
      const phone = uniquePhone();
      const from = nextIp();
      for (let i = 0; i < LIMITS.sendOtp.identifierAtAddress.points; i++) ok(await call('sendOtp', { mobileNumber: phone }, from));
      // The same number written differently is the same number.
      const limited = await call('sendOtp', { mobileNumber: phone.slice(2), countryCode: phone.slice(0, 2) }, from);
      failsWith(limited, 'RATE_LIMITED', 429);
      assert.ok(Number(limited.headers['retry-after']) > 0);

      const ip = nextIp();
      for (let i = 0; i < LIMITS.sendOtp.address.points; i++) ok(await call('sendOtp', { mobileNumber: uniquePhone() }, ip));
      const byAddress = await call('sendOtp', { mobileNumber: uniquePhone() }, ip);
      failsWith(byAddress, 'RATE_LIMITED', 429);
      assert.ok(Number(byAddress.headers['retry-after']) > 0);
    });

    test(`verifyOtp is limited to ${LIMITS.verifyOtp.identifierAtAddress.points} failures per number and address and ${LIMITS.verifyOtp.address.points} per address`, async () => {
      const phone = uniquePhone();
      const from = nextIp();
      for (let i = 0; i < LIMITS.verifyOtp.identifierAtAddress.points; i++) {
        failsWith(await call('verifyOtp', { mobileNumber: phone, otp: '000000' }, from), 'UNAUTHENTICATED', 401);
      }
      const limited = await call('verifyOtp', { mobileNumber: phone, otp: t().config.auth.devOtpCode }, from);
      failsWith(limited, 'RATE_LIMITED', 429);
      assert.ok(Number(limited.headers['retry-after']) > 0);

      const ip = nextIp();
      for (let i = 0; i < LIMITS.verifyOtp.address.points; i++) {
        failsWith(await call('verifyOtp', { mobileNumber: uniquePhone(), otp: '000000' }, ip), 'UNAUTHENTICATED', 401);
      }
      const byAddress = await call('verifyOtp', { mobileNumber: uniquePhone(), otp: '000000' }, ip);
      failsWith(byAddress, 'RATE_LIMITED', 429);
      assert.ok(Number(byAddress.headers['retry-after']) > 0);
    });
  },
  { services: { now: clock.now } },
);

// A fake SMS gateway speaking the HTTP provider's protocol: POST {to, message} with a bearer key.
const SMS_KEY = 'sms-test-key';
const messages: { to: string; message: string }[] = [];
const FAILING_NUMBER = '+15550000000';
const gateway = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    if (request.headers.authorization !== `Bearer ${SMS_KEY}`) return void response.writeHead(401).end();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; message: string };
    if (body.to === FAILING_NUMBER) return void response.writeHead(502).end();
    messages.push(body);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
gateway.listen(0, '127.0.0.1');
await once(gateway, 'listening');
const gatewayUrl = `http://127.0.0.1:${(gateway.address() as { port: number }).port}/sms`;
after(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

describeEachDialect(
  'auth OTP through an SMS provider, development switch off',
  (t) => {
    const call = authCall(t);

    test('the code goes out by SMS only: not in the answer, and the development code is refused', async () => {
      const phone = uniquePhone();
      const sent = ok(await call('sendOtp', { mobileNumber: phone }));
      assert.equal('otp' in sent, false);
      assert.equal(sent.sent, true);
      const sms = messages.findLast((m) => m.to === phone);
      assert.ok(sms, 'an SMS went to the number');
      const code = /\b(\d{6})\b/.exec(sms.message)?.[1];
      assert.ok(code);
      if (code !== '123456') failsWith(await call('verifyOtp', { mobileNumber: phone, otp: '123456' }), 'UNAUTHENTICATED', 401);
      const signedIn = ok(await call('verifyOtp', { mobileNumber: phone, otp: code }));
      assert.equal(signedIn.user.phone, phone);
    });

    test('a provider that fails is NOT_CONFIGURED (503), not a 5xx of ours', async () => {
      failsWith(await call('sendOtp', { mobileNumber: FAILING_NUMBER }), 'NOT_CONFIGURED', 503);
    });
  },
  { env: { SMS_URL: gatewayUrl, SMS_API_KEY: SMS_KEY, AUTH_DEV_OTP: 'false' } },
);

describeEachDialect(
  'auth OTP without SMS provider and without the development switch',
  (t) => {
    const call = authCall(t);
    test('sendOtp is NOT_CONFIGURED and verifyOtp refuses the development code', async () => {
      const phone = uniquePhone();
      failsWith(await call('sendOtp', { mobileNumber: phone }), 'NOT_CONFIGURED', 503);
      failsWith(await call('verifyOtp', { mobileNumber: phone, otp: t().config.auth.devOtpCode }), 'UNAUTHENTICATED', 401);
      assert.equal(t().config.auth.devOtp, false);
    });
  },
  { env: { NODE_ENV: 'production', AUTH_JWT_SECRET: 'a-production-secret-of-at-least-32-chars' } },
);
