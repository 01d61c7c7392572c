import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, test } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import type { MailMessage } from '../../provider-interfaces.ts';
import { authCall, movableClock, nextIp, uniqueEmail } from './auth.testkit.ts';
import { LIMITS } from './auth.limits.ts';

const PASSWORD = 'first password 1';
const NEW_PASSWORD = 'second password 2';
const CODE = /reset code:\s+([A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])/;

// A fake mail provider passed as a service: every message lands in the outbox at once.
const outbox: MailMessage[] = [];
const clock = movableClock();

function codeMailedTo(email: string): string {
  const message = outbox.findLast((m) => m.to === email);
  assert.ok(message, `no mail to ${email}`);
  const match = CODE.exec(message.text);
  assert.ok(match, 'the mail carries a reset code');
  return match[1]!;
}

describeEachDialect(
  'auth forgotPassword and resetPassword',
  (t) => {
    const call = authCall(t);
    async function account(): Promise<{ email: string; id: string }> {
      const email = uniqueEmail();
      const { user } = ok(await call('signUp', { email, password: PASSWORD }));
      return { email, id: user.id };
    }

    test('the reset mail carries a code that sets a new password once; the old password stops working', async () => {
      const { email, id } = await account();
      const answer = ok(await call('forgotPassword', { email: email.toUpperCase() }));
      assert.equal(answer.accepted, true);
      const code = codeMailedTo(email);
      const stored = await t().database.db.selectFrom('oneTimeCodes').selectAll().where('target', '=', id).executeTakeFirstOrThrow();
      assert.equal(stored.purpose, 'password_reset');
      assert.notEqual(stored.codeHash, code);
      assert.equal(stored.codeHash.includes(code), false);

      const reset = ok(await call('resetPassword', { code, password: NEW_PASSWORD }));
      assert.equal(reset.item.id, id);
      assert.equal(reset.item.isVerified, true);
      assert.equal('passwordHash' in reset.item, false);
      ok(await call('login', { email, password: NEW_PASSWORD }));
      failsWith(await call('login', { email, password: PASSWORD }), 'UNAUTHENTICATED', 401);

      // Single use.
      const again = failsWith(await call('resetPassword', { code, password: 'third password 3' }), 'UNAUTHENTICATED', 401);
      assert.match(again.message, /invalid, expired or already used/);
      ok(await call('login', { email, password: NEW_PASSWORD }));
      const audit = await t().database.db.selectFrom('auditLog').select('operation').where('recordId', '=', id).execute();
      assert.deepEqual(audit.map((a) => a.operation).sort(), ['auth.forgotPassword', 'auth.login', 'auth.login', 'auth.resetPassword', 'auth.signUp']);
    });

    test('a new password ends the sessions of the old one: tokens issued before are refused, new ones work', async () => {
      const email = uniqueEmail();
      const { accessToken: before } = ok(await call('signUp', { email, password: PASSWORD }));
      const { accessToken: loggedIn } = ok(await call('login', { email, password: PASSWORD }));
      const use = (token: string) => t().call('foods', 'list', {}, { token });
      ok(await use(before));
      ok(await use(loggedIn));

      ok(await call('forgotPassword', { email }));
      ok(await call('resetPassword', { code: codeMailedTo(email), password: NEW_PASSWORD }));
      for (const token of [before, loggedIn]) assert.match(failsWith(await use(token), 'UNAUTHENTICATED', 401).message, /sign in again/);

      const { accessToken: after } = ok(await call('login', { email, password: NEW_PASSWORD }));
      ok(await use(after));
      ok(await call('forgotPassword', { email }));
      ok(await call('resetPassword', { code: codeMailedTo(email), password: 'third password 3' }));
      failsWith(await use(after), 'UNAUTHENTICATED', 401);
    });

    test('an unknown email gets exactly the same answer, and no mail and no code are made', async () => {
      const { email } = await account();
      const known = ok(await call('forgotPassword', { email }));
      const before = outbox.length;
      const codesBefore = await t().database.db.selectFrom('oneTimeCodes').select('id').execute();
      const unknown = ok(await call('forgotPassword', { email: uniqueEmail() }));
      assert.deepEqual(unknown, known);
      assert.equal(outbox.length, before);
      assert.equal((await t().database.db.selectFrom('oneTimeCodes').select('id').execute()).length, codesBefore.length);
    });

    test('an expired code is rejected', async () => {
      const { email } = await account();
      ok(await call('forgotPassword', { email }));
      const code = codeMailedTo(email);
      clock.offsetMs = (t().config.auth.passwordResetTtlSeconds + 1) * 1000;
      try {
        failsWith(await call('resetPassword', { code, password: NEW_PASSWORD }), 'UNAUTHENTICATED', 401);
      } finally {
        clock.offsetMs = 0;
      }
      ok(await call('login', { email, password: PASSWORD }));
    });

    test('a new request replaces the earlier code; an unknown code is rejected', async () => {
      const { email } = await account();
      ok(await call('forgotPassword', { email }));
      const first = codeMailedTo(email);
      ok(await call('forgotPassword', { email }));
      const second = codeMailedTo(email);
      assert.notEqual(first, second);
      failsWith(await call('resetPassword', { code: first, password: NEW_PASSWORD }), 'UNAUTHENTICATED', 401);
      failsWith(await call('resetPassword', { code: 'A'.repeat(32), password: NEW_PASSWORD }), 'UNAUTHENTICATED', 401);
      ok(await call('resetPassword', { code: second, password: NEW_PASSWORD }));
    });

    test('validation: an email is required; resetPassword needs a code and a password within the policy', async () => {
      failsWith(await call('forgotPassword', {}), 'VALIDATION_FAILED', 400);
      failsWith(await call('forgotPassword', { email: 'not an email' }), 'VALIDATION_FAILED', 400);
      const { email } = await account();
      ok(await call('forgotPassword', { email }));
      const code = codeMailedTo(email);
      const short = failsWith(await call('resetPassword', { code, password: 'short' }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(short.details!.map((d) => d.path), ['password']);
      failsWith(await call('resetPassword', { code, password: 'x'.repeat(257) }), 'VALIDATION_FAILED', 400);
      failsWith(await call('resetPassword', { password: NEW_PASSWORD }), 'VALIDATION_FAILED', 400);
      // The code was not spent by the refused calls.
      ok(await call('resetPassword', { code, password: NEW_PASSWORD }));
    });

    test(`forgotPassword is limited to ${LIMITS.forgotPassword.identifier.points} per email and ${LIMITS.forgotPassword.address.points} per address`, async () => {
      const email = uniqueEmail();
      for (let i = 0; i < LIMITS.forgotPassword.identifier.points; i++) ok(await call('forgotPassword', { email }));
      const limited = await call('forgotPassword', { email });
      failsWith(limited, 'RATE_LIMITED', 429);
      assert.ok(Number(limited.headers['retry-after']) > 0);

      const ip = nextIp();
      for (let i = 0; i < LIMITS.forgotPassword.address.points; i++) ok(await call('forgotPassword', { email: uniqueEmail() }, ip));
      const byAddress = await call('forgotPassword', { email: uniqueEmail() }, ip);
      failsWith(byAddress, 'RATE_LIMITED', 429);
      assert.ok(Number(byAddress.headers['retry-after']) > 0);
    });

    test(`resetPassword is limited to ${LIMITS.resetPassword.address.points} per address`, async () => {
      const ip = nextIp();
      for (let i = 0; i < LIMITS.resetPassword.address.points; i++) {
        failsWith(await call('resetPassword', { code: `guess-${i}`, password: NEW_PASSWORD }, ip), 'UNAUTHENTICATED', 401);
      }
      const limited = await call('resetPassword', { code: 'guess', password: NEW_PASSWORD }, ip);
      failsWith(limited, 'RATE_LIMITED', 429);
      assert.ok(Number(limited.headers['retry-after']) > 0);
    });
  },
  { services: { mailer: { send: async (message) => void outbox.push(message) }, now: clock.now } },
);

// The real mail path: the SMTP provider (nodemailer) against a local SMTP server.
const received: { to: string[]; raw: string }[] = [];
const waiters: (() => void)[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      waiters.splice(0).forEach((wake) => wake());
      callback();
    });
  },
});
smtp.listen(0, '127.0.0.1');
await once(smtp.server, 'listening');
const smtpPort = (smtp.server.address() as { port: number }).port;
after(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function mailTo(email: string): Promise<string> {
  for (;;) {
    const mail = received.find((m) => m.to.includes(email));
    if (mail) return mail.raw;
    await new Promise<void>((resolve) => waiters.push(resolve));
  }
}

describeEachDialect(
  'auth password reset through SMTP',
  (t) => {
    const call = authCall(t);
    test('the reset mail goes out over SMTP and its code resets the password', async () => {
      const email = uniqueEmail();
      ok(await call('signUp', { email, password: PASSWORD }));
      ok(await call('forgotPassword', { email }));
      const raw = await mailTo(email);
      assert.match(raw, /^From: healthops tests <no-reply@example\.test>/m);
      assert.match(raw, /^Subject: Your password reset code/m);
      const code = CODE.exec(decodeQuotedPrintable(raw))?.[1];
      assert.ok(code, 'the mail carries the code');
      ok(await call('resetPassword', { code, password: NEW_PASSWORD }));
      ok(await call('login', { email, password: NEW_PASSWORD }));
    });
  },
  { env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'healthops tests <no-reply@example.test>' } },
);

describeEachDialect(
  'auth password reset in production without a mail provider',
  (t) => {
    const call = authCall(t);
    test('forgotPassword is NOT_CONFIGURED, whether or not the email is known', async () => {
      const email = uniqueEmail();
      ok(await call('signUp', { email, password: PASSWORD }));
      const known = failsWith(await call('forgotPassword', { email }), 'NOT_CONFIGURED', 503);
      const unknown = failsWith(await call('forgotPassword', { email: uniqueEmail() }), 'NOT_CONFIGURED', 503);
      assert.deepEqual(known, unknown);
      assert.equal((await t().database.db.selectFrom('oneTimeCodes').select('id').execute()).length, 0);
    });
  },
  { env: { NODE_ENV: 'production', AUTH_JWT_SECRET: 'a-production-secret-of-at-least-32-chars' } },
);
