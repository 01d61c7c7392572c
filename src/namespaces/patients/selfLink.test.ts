import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import { nextIp, uniquePhone } from '../auth/auth.testkit.ts';

/** A six-digit code that is neither `code` nor the development code. */
const wrongCodeFor = (code: string, devCode: string) => ['000000', '111111', '222222'].find((c) => c !== code && c !== devCode)!;

function calls(t: () => TestApp) {
  const call = (namespace: string, op: string, data: Record<string, unknown>, token?: string) =>
    t().call(namespace, op, data, { ip: nextIp(), ...(token ? { token } : {}) });
  const patient = async (organizationId: string, data: Record<string, unknown>) =>
    ok(await call('patients', 'create', { organizationId, name: 'Patient', ...data })).item as { id: string; idpUserId: string | null };
  const account = async () => {
    const idpUserId = newId();
    return { idpUserId, token: await tokenFor(t(), idpUserId) };
  };
  const linkedTo = async (patientId: string) =>
    (await t().database.db.selectFrom('patients').select('idpUserId').where('id', '=', patientId).executeTakeFirstOrThrow()).idpUserId;
  return { call, patient, account, linkedTo };
}

describeEachDialect('patients: an account links itself by the record\'s mobile number', (t) => {
  const { call, patient, account, linkedTo } = calls(t);

  test('the code sent to the number links every unlinked record with it; a record of another account stays', async () => {
    const org = orgId();
    const phone = uniquePhone();
    const parent = await patient(org, { name: 'Parent', mobileNumber: phone });
    const child = await patient(org, { name: 'Child', mobileNumber: phone });
    const other = await account();
    const taken = await patient(org, { name: 'Grandparent', mobileNumber: phone, idpUserId: other.idpUserId });
    const elsewhere = await patient(orgId(), { name: 'Parent', mobileNumber: phone });
    const me = await account();

    const sent = ok(await call('patients', 'requestLink', { organizationId: org, mobileNumber: phone }, me.token));
    assert.match(sent.otp, /^\d{6}$/);
    assert.equal(sent.mobileNumber, phone);
    const linked = ok(await call('patients', 'confirmLink', { organizationId: org, mobileNumber: phone, otp: sent.otp }, me.token));
    assert.deepEqual(linked.items.map((p: { name: string }) => p.name).sort(), ['Child', 'Parent']);
    assert.ok(linked.items.every((p: { idpUserId: string }) => p.idpUserId === me.idpUserId));
    assert.equal(await linkedTo(parent.id), me.idpUserId);
    assert.equal(await linkedTo(child.id), me.idpUserId);
    assert.equal(await linkedTo(taken.id), other.idpUserId);
    assert.equal(await linkedTo(elsewhere.id), null);

    const who = ok(await call('auth', 'me', {}, me.token));
    assert.deepEqual(who.linkedPatients.map((p: { id: string }) => p.id).sort(), [parent.id, child.id].sort());
    assert.deepEqual(who.memberships, []);
    // A linked account is the records' owner, not the organization's staff.
    failsWith(await call('patients', 'getById', { organizationId: org, id: parent.id }, me.token), 'FORBIDDEN', 403);
    failsWith(await call('patients', 'listByOrganization', { organizationId: org }, me.token), 'FORBIDDEN', 403);
    // The code is used up.
    if (sent.otp !== t().config.auth.devOtpCode) {
      failsWith(await call('patients', 'confirmLink', { organizationId: org, mobileNumber: phone, otp: sent.otp }, me.token), 'FORBIDDEN', 403);
    }
  });

  test('the development code links without a code being sent', async () => {
    const org = orgId();
    const phone = uniquePhone();
    const record = await patient(org, { mobileNumber: phone });
    const me = await account();
    const linked = ok(await call('patients', 'confirmLink', { organizationId: org, mobileNumber: phone, otp: t().config.auth.devOtpCode }, me.token));
    assert.deepEqual(linked.items.map((p: { id: string }) => p.id), [record.id]);
  });

  test('a wrong code is FORBIDDEN, counts an attempt and links nothing; another account cannot use the code', async () => {
    const org = orgId();
    const phone = uniquePhone();
    const record = await patient(org, { mobileNumber: phone });
    const me = await account();
    const { otp } = ok(await call('patients', 'requestLink', { organizationId: org, mobileNumber: phone }, me.token));
    const wrong = wrongCodeFor(otp, t().config.auth.devOtpCode);
    failsWith(await call('patients', 'confirmLink', { organizationId: org, mobileNumber: phone, otp: wrong }, me.token), 'FORBIDDEN', 403);
    const stored = await t().database.db.selectFrom('oneTimeCodes').selectAll().where('purpose', '=', 'patient_link').where('target', 'like', `% ${phone}`).executeTakeFirstOrThrow();
    assert.equal(stored.attempts, 1);
    assert.notEqual(stored.codeHash, otp);
    assert.equal(await linkedTo(record.id), null);
    if (otp !== t().config.auth.devOtpCode) {
      const thief = await account();
      failsWith(await call('patients', 'confirmLink', { organizationId: org, mobileNumber: phone, otp }, thief.token), 'FORBIDDEN', 403);
      assert.equal(await linkedTo(record.id), null);
    }
    ok(await call('patients', 'confirmLink', { organizationId: org, mobileNumber: phone, otp }, me.token));
    assert.equal(await linkedTo(record.id), me.idpUserId);
  });

  test('requestLink answers the same whether or not a record has the number', async () => {
    const org = orgId();
    const known = uniquePhone();
    await patient(org, { mobileNumber: known });
    const me = await account();
    const shape = (data: Record<string, unknown>) => ({ ...data, mobileNumber: undefined, otp: typeof data.otp });
    const forKnown = ok(await call('patients', 'requestLink', { organizationId: org, mobileNumber: known }, me.token));
    const forUnknown = ok(await call('patients', 'requestLink', { organizationId: org, mobileNumber: uniquePhone() }, me.token));
    assert.deepEqual(shape(forUnknown), shape(forKnown));
    assert.deepEqual(Object.keys(forKnown).sort(), ['expiresIn', 'mobileNumber', 'otp', 'sent']);
  });

  test('both need a token, also in the optional mode; staff are accounts like any other here', async () => {
    const org = orgId();
    const phone = uniquePhone();
    failsWith(await call('patients', 'requestLink', { organizationId: org, mobileNumber: phone }), 'UNAUTHENTICATED', 401);
    failsWith(await call('patients', 'confirmLink', { organizationId: org, mobileNumber: phone, otp: '123456' }), 'UNAUTHENTICATED', 401);
    failsWith(await call('patients', 'confirmLink', { organizationId: org, mobileNumber: phone, otp: '12345' }, (await account()).token), 'VALIDATION_FAILED', 400);
    const receptionist = await signIn(t(), { organizationId: org, roles: ['receptionist'] });
    const record = await patient(org, { mobileNumber: phone });
    ok(await call('patients', 'confirmLink', { organizationId: org, mobileNumber: phone, otp: t().config.auth.devOtpCode }, receptionist.token));
    assert.equal(await linkedTo(record.id), receptionist.idpUserId);
  });
});

const messages: { to: string; text: string }[] = [];

describeEachDialect(
  'patients: self-linking with an SMS provider and without the development switch',
  (t) => {
    const { call, patient, account, linkedTo } = calls(t);
    test('the code goes out by SMS only, and the development code is refused', async () => {
      const org = orgId();
      const phone = uniquePhone();
      const record = await patient(org, { mobileNumber: phone });
      const me = await account();
      const sent = ok(await call('patients', 'requestLink', { organizationId: org, mobileNumber: phone }, me.token));
      assert.deepEqual(sent, { sent: true, mobileNumber: phone, expiresIn: t().config.auth.otpTtlSeconds });
      const sms = messages.findLast((m) => m.to === phone)!;
      const code = /\b(\d{6})\b/.exec(sms.text)![1]!;
      failsWith(await call('patients', 'confirmLink', { organizationId: org, mobileNumber: phone, otp: t().config.auth.devOtpCode }, me.token), 'FORBIDDEN', 403);
      ok(await call('patients', 'confirmLink', { organizationId: org, mobileNumber: phone, otp: code }, me.token));
      assert.equal(await linkedTo(record.id), me.idpUserId);
    });
  },
  { env: { AUTH_DEV_OTP: 'false' }, services: { sms: { send: async (to, text) => void messages.push({ to, text }) } } },
);

describeEachDialect(
  'patients: self-linking without an SMS provider and without the development switch',
  (t) => {
    const { call, account } = calls(t);
    test('requestLink is NOT_CONFIGURED', async () => {
      failsWith(await call('patients', 'requestLink', { organizationId: orgId(), mobileNumber: uniquePhone() }, (await account()).token), 'NOT_CONFIGURED', 503);
    });
  },
  { env: { AUTH_DEV_OTP: 'false' } },
);
