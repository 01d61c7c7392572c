import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { authCall, nextIp, uniqueEmail, uniquePhone } from './auth.testkit.ts';
import { LIMITS } from './auth.limits.ts';
import { tokenService } from '../../caller/tokens.ts';

const PASSWORD = 'correct horse battery';
const USER_FIELDS = ['createdAt', 'email', 'id', 'isVerified', 'lastLoginAt', 'name', 'phone', 'updatedAt'];

describeEachDialect('auth signUp and login', (t) => {
  const call = authCall(t);
  const signUp = (data: Record<string, unknown> = {}) => call('signUp', { email: uniqueEmail(), password: PASSWORD, ...data });

  test('signUp creates the identity and answers a signed token for it and the account without secrets', async () => {
    const email = uniqueEmail('New.Person');
    const data = ok(await call('signUp', { email: `  ${email.toUpperCase()} `, password: PASSWORD, name: 'Asha Rao', phone: '+91 98765-43210' }));
    assert.equal(data.tokenType, 'Bearer');
    assert.equal(data.expiresIn, t().config.auth.tokenTtlSeconds);
    assert.deepEqual(Object.keys(data.user).sort(), USER_FIELDS);
    assert.equal(data.user.email, email.toLowerCase());
    assert.equal(data.user.phone, '+919876543210');
    assert.equal(data.user.name, 'Asha Rao');
    assert.equal(data.user.isVerified, false);
    assert.equal(typeof data.user.lastLoginAt, 'number');
    assert.equal(await tokenService(t().config).verify(data.accessToken), data.user.id);

    const row = await t().database.db.selectFrom('identities').selectAll().where('id', '=', data.user.id).executeTakeFirstOrThrow();
    // scrypt with the configured cost (2^10 under NODE_ENV=test, 2^15 otherwise: config.test.ts), stored with the hash.
    assert.match(row.passwordHash!, new RegExp(`^scrypt\\$${2 ** t().config.auth.passwordScryptLog2n}\\$8\\$1\\$`));
    assert.equal(row.passwordHash!.includes(PASSWORD), false);
    const audit = await t().database.db.selectFrom('auditLog').selectAll().where('recordId', '=', data.user.id).execute();
    assert.deepEqual(audit.map((a) => a.operation), ['auth.signUp']);
  });

  test('signUp enforces email format and the password policy (8 to 256 characters)', async () => {
    const bad = failsWith(await call('signUp', { email: 'not-an-email', password: 'short' }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(bad.details!.map((d) => d.path).sort(), ['email', 'password']);
    failsWith(await call('signUp', { email: uniqueEmail(), password: 'x'.repeat(257) }), 'VALIDATION_FAILED', 400);
    failsWith(await call('signUp', { password: PASSWORD }), 'VALIDATION_FAILED', 400);
    failsWith(await call('signUp', { email: uniqueEmail(), password: PASSWORD, phone: '12' }), 'VALIDATION_FAILED', 400);
    ok(await call('signUp', { email: uniqueEmail(), password: 'x'.repeat(8) }));
    ok(await call('signUp', { email: uniqueEmail(), password: 'x'.repeat(256) }));
  });

  test('signUp with a registered email (in any case) or phone is CONFLICT', async () => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    ok(await signUp({ email, phone }));
    failsWith(await signUp({ email: email.toUpperCase() }), 'CONFLICT', 409);
    failsWith(await signUp({ phone }), 'CONFLICT', 409);
  });

  test('login by email, by phone and by username answers the same account and sets lastLoginAt', async () => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    const created = ok(await signUp({ email, phone })).user;
    await t().database.db.updateTable('identities').set({ lastLoginAt: 1 }).where('id', '=', created.id).execute();

    const byEmail = ok(await call('login', { email: email.toUpperCase(), password: PASSWORD }));
    assert.equal(byEmail.user.id, created.id);
    assert.equal(byEmail.tokenType, 'Bearer');
    assert.ok(byEmail.user.lastLoginAt > 1);
    assert.equal('passwordHash' in byEmail.user, false);
    assert.equal(await tokenService(t().config).verify(byEmail.accessToken), created.id);

    assert.equal(ok(await call('login', { phone, password: PASSWORD })).user.id, created.id);
    assert.equal(ok(await call('login', { username: email, password: PASSWORD })).user.id, created.id);
    assert.equal(ok(await call('login', { username: phone, password: PASSWORD })).user.id, created.id);
  });

  test('login also stamps lastLoginAt on the identity\'s user records', async () => {
    const created = ok(await signUp()).user;
    const now = Date.now();
    await t().database.db
      .insertInto('users')
      .values({
        id: `u_${created.id}`, idpUserId: created.id, organizationId: 'org_x', organizationBranchIds: null, email: created.email,
        title: null, displayName: null, avatarUrl: null, role: 'staff', roles: '["staff"]', isActive: true, isBlocked: false,
        blockedAt: null, blockedBy: null, lastLoginAt: null, isVerified: null, verifiedAt: null, verifiedBy: null, gender: null,
        yoe: null, totalReviews: null, averageRatings: null, onboardingStatus: null, createdAt: now, updatedAt: now,
      })
      .execute();
    ok(await call('login', { email: created.email, password: PASSWORD }));
    const user = await t().database.db.selectFrom('users').select('lastLoginAt').where('id', '=', `u_${created.id}`).executeTakeFirstOrThrow();
    assert.equal(typeof user.lastLoginAt, 'number');
  });

  test('login failure is the same for an unknown account, a wrong password and an account without password', async () => {
    const email = uniqueEmail();
    ok(await signUp({ email }));
    const phoneOnly = uniquePhone();
    const now = Date.now();
    await t().database.db
      .insertInto('identities')
      .values({ id: `id_${now}`, email: null, phone: phoneOnly, name: null, passwordHash: null, socialSubject: null, isVerified: true, lastLoginAt: null, tokenVersion: 0, createdAt: now, updatedAt: now })
      .execute();

    const wrongPassword = failsWith(await call('login', { email, password: 'wrong password' }), 'UNAUTHENTICATED', 401);
    const unknown = failsWith(await call('login', { email: uniqueEmail(), password: 'wrong password' }), 'UNAUTHENTICATED', 401);
    const noPassword = failsWith(await call('login', { phone: phoneOnly, password: 'wrong password' }), 'UNAUTHENTICATED', 401);
    const oddUsername = failsWith(await call('login', { username: 'someone', password: 'wrong password' }), 'UNAUTHENTICATED', 401);
    assert.deepEqual(unknown, wrongPassword);
    assert.deepEqual(noPassword, wrongPassword);
    assert.deepEqual(oddUsername, wrongPassword);
  });

  test('login needs a password and one of email, username or phone', async () => {
    const none = failsWith(await call('login', { password: PASSWORD }), 'VALIDATION_FAILED', 400);
    assert.match(none.message, /one of email, username or phone/);
    const noPassword = failsWith(await call('login', { email: uniqueEmail() }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(noPassword.details!.map((d) => d.path), ['password']);
    failsWith(await call('login', { email: 'nope', password: PASSWORD }), 'VALIDATION_FAILED', 400);
    failsWith(await call('login', { email: uniqueEmail(), password: 'x'.repeat(257) }), 'VALIDATION_FAILED', 400);
  });

  test(`login failures are limited to ${LIMITS.login.identifierAtAddress.points} per account and address; the owner elsewhere is not locked out`, async () => {
    const email = uniqueEmail();
    ok(await signUp({ email }));
    const attacker = nextIp();
    for (let i = 0; i < LIMITS.login.identifierAtAddress.points; i++) {
      failsWith(await call('login', { email, password: 'wrong password' }, attacker), 'UNAUTHENTICATED', 401);
    }
    // Even the right password waits now, from that address.
    const limited = await call('login', { email: email.toUpperCase(), password: PASSWORD }, attacker);
    failsWith(limited, 'RATE_LIMITED', 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    // The owner, from another address, signs in; and another account is not affected.
    ok(await call('login', { email, password: PASSWORD }));
    ok(await call('login', { email: ok(await signUp()).user.email, password: PASSWORD }, attacker));
  });

  test('a successful login starts the count of its address again', async () => {
    const email = uniqueEmail();
    ok(await signUp({ email }));
    const ip = nextIp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LIMITS.login.identifierAtAddress.points - 1; i++) {
        failsWith(await call('login', { email, password: 'wrong password' }, ip), 'UNAUTHENTICATED', 401);
      }
      ok(await call('login', { email, password: PASSWORD }, ip));
    }
  });

  test(`login is limited to ${LIMITS.login.address.points} tries per address`, async () => {
    const ip = nextIp();
    const tries = Array.from({ length: LIMITS.login.address.points }, () => call('login', { email: uniqueEmail(), password: 'wrong password' }, ip));
    for (const response of await Promise.all(tries)) failsWith(response, 'UNAUTHENTICATED', 401);
    const limited = await call('login', { email: uniqueEmail(), password: 'wrong password' }, ip);
    failsWith(limited, 'RATE_LIMITED', 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
  });
});

describeEachDialect('auth signUp rate limit', (t) => {
  const call = authCall(t);
  test(`signUp is limited to ${LIMITS.signUp.address.points} per address`, async () => {
    const email = uniqueEmail();
    ok(await call('signUp', { email, password: PASSWORD }));
    const ip = nextIp();
    // Refused sign-ups count too (and cost no password hash, which keeps this test quick).
    for (let i = 0; i < LIMITS.signUp.address.points; i++) failsWith(await call('signUp', { email, password: PASSWORD }, ip), 'CONFLICT', 409);
    const limited = await call('signUp', { email: uniqueEmail(), password: PASSWORD }, ip);
    failsWith(limited, 'RATE_LIMITED', 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
  });
});
