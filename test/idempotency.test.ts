import assert from 'node:assert/strict';
import { test } from 'node:test';
import { booking, clinic } from '../src/namespaces/appointments/appointments.testkit.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from './harness.ts';

/** Idempotency keys through the real envelope (docs/api.md, "Idempotency keys"). */
describeEachDialect('a write sent again with its Idempotency-Key', (t) => {
  const keyed = (key: string, ip = '10.0.0.1') => ({ headers: { 'idempotency-key': key }, ip });
  const bookings = async (app: TestApp, org: string) => ok(await app.call('appointments', 'listByOrganization', { organizationId: org, page: 1, pageSize: 50 })).items.length;

  test('is answered as the first time, and done once', async () => {
    const c = await clinic(t());
    const first = await t().call('appointments', 'create', booking(c), keyed('book-1'));
    const again = await t().call('appointments', 'create', booking(c), keyed('book-1'));
    assert.equal(again.statusCode, 200);
    assert.deepEqual(ok(again), ok(first));
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(first.headers['idempotent-replayed'], undefined);
    assert.equal(await bookings(t(), c.org), 1);
  });

  test('the same data with its keys in another order is the same request', async () => {
    const c = await clinic(t());
    const data = booking(c);
    const reordered = Object.fromEntries(Object.entries(data).reverse());
    ok(await t().call('appointments', 'create', data, keyed('book-order')));
    assert.equal((await t().call('appointments', 'create', reordered, keyed('book-order'))).headers['idempotent-replayed'], 'true');
    assert.equal(await bookings(t(), c.org), 1);
  });

  test('with other data is 422 IDEMPOTENCY_KEY_REUSED, and nothing is written', async () => {
    const c = await clinic(t());
    ok(await t().call('appointments', 'create', booking(c), keyed('book-2')));
    failsWith(await t().call('appointments', 'create', booking(c, { scheduledTime: '11:00' }), keyed('book-2')), 'IDEMPOTENCY_KEY_REUSED', 422);
    failsWith(await t().call('patients', 'create', { organizationId: c.org, name: 'Someone Else' }, keyed('book-2')), 'IDEMPOTENCY_KEY_REUSED', 422);
    assert.equal(await bookings(t(), c.org), 1);
  });

  test('two requests at once with one key run once', async () => {
    // A patient may be created twice (families share details): only the key makes these one.
    const org = (await clinic(t())).org;
    const patients = async () => ok(await t().call('patients', 'listByOrganization', { organizationId: org, page: 1, pageSize: 50 })).items.length;
    const before = await patients();
    const answers = await Promise.all([1, 2, 3].map(() => t().call('patients', 'create', { organizationId: org, name: 'Meera Iyer' }, keyed('patient-race'))));
    // The answer is kept with the write: the others find the key answered, roll back and replay it.
    assert.equal(new Set(answers.map((a) => ok(a).item.id)).size, 1, 'every answer is the one patient');
    assert.equal(answers.filter((a) => a.headers['idempotent-replayed'] === 'true').length, 2);
    assert.equal(await patients(), before + 1);
  });

  test('a refusal is the answer too: the retry gets it again, even once the slot is free', async () => {
    const c = await clinic(t());
    const taken = ok(await t().call('appointments', 'create', booking(c)));
    failsWith(await t().call('appointments', 'create', booking(c, { patientId: c.signedPatient.id }), keyed('book-clash')), 'CONFLICT', 409);
    ok(await t().call('appointments', 'cancel', { id: taken.item.id, organizationId: c.org, reason: 'freed' }));
    const retried = await t().call('appointments', 'create', booking(c, { patientId: c.signedPatient.id }), keyed('book-clash'));
    failsWith(retried, 'CONFLICT', 409);
    assert.equal(retried.headers['idempotent-replayed'], 'true');
  });

  test('keys are the caller\'s own: another caller with the same key is another request', async () => {
    const c = await clinic(t());
    ok(await t().call('appointments', 'create', booking(c), keyed('shared-key', '10.0.0.7')));
    const other = await t().call('appointments', 'create', booking(c, { scheduledTime: '12:00' }), keyed('shared-key', '10.0.0.8'));
    assert.equal(ok(other).item.scheduledTime, '12:00');
    assert.equal(await bookings(t(), c.org), 2);
  });

  test('a key that is not 1 to 255 visible characters is 400; a read ignores its key', async () => {
    const c = await clinic(t());
    failsWith(await t().call('appointments', 'create', booking(c), keyed('has space')), 'VALIDATION_FAILED', 400);
    failsWith(await t().call('appointments', 'create', booking(c), keyed('k'.repeat(256))), 'VALIDATION_FAILED', 400);
    ok(await t().call('appointments', 'listByOrganization', { organizationId: c.org, page: 1, pageSize: 10 }, keyed('read-key')));
    ok(await t().call('appointments', 'listByOrganization', { organizationId: c.org, page: 2, pageSize: 10 }, keyed('read-key')));
    const stored = await t().database.db.selectFrom('idempotencyKeys').select('key').where('key', '=', 'read-key').execute();
    assert.deepEqual(stored, []);
    assert.equal(await bookings(t(), c.org), 0);
  });
});

/** A write retried runs again only inside its transaction: nothing of the retry leaves the service. */
const resolved: string[] = [];
describeEachDialect(
  'a keyed write retried after its answer was kept',
  (t) => {
    test('stops before it reaches outside (here the host look-up of a webhook\'s URL) and gives the first answer', async () => {
      resolved.length = 0;
      const org = (await clinic(t())).org;
      const data = { organizationId: org, url: 'https://hooks.example.org/in', eventTypes: ['appointment.created'] };
      const headers = { headers: { 'idempotency-key': 'hook-1' } };
      const first = ok(await t().call('webhooks', 'subscribe', data, headers));
      assert.deepEqual(resolved, ['hooks.example.org']);
      const again = await t().call('webhooks', 'subscribe', data, headers);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.deepEqual(ok(again), first, 'the same subscription and secret');
      assert.deepEqual(resolved, ['hooks.example.org'], 'the retry resolved nothing');
      assert.equal(ok(await t().call('webhooks', 'listSubscriptions', { organizationId: org })).items.length, 1);
    });
  },
  {
    services: {
      resolveHost: async (hostname) => {
        resolved.push(hostname);
        return ['93.184.216.34'];
      },
    },
  },
);
