import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Services } from '../provider-interfaces.ts';
import { guardedServices } from './idempotency-guard.ts';

const reached: string[] = [];
const services: Services = {
  mailer: { send: async () => void reached.push('mail') },
  sms: { send: async () => void reached.push('sms') },
  push: { send: async () => (reached.push('push'), []) },
  foodAnalysis: { analyze: async () => (reached.push('food'), { ok: true, foods: [] }) },
  now: () => 0,
  resolveHost: async () => (reached.push('dns'), ['93.184.216.34']),
};

const everything = async (s: Services) => {
  await s.mailer!.send({ to: 'a@example.org', subject: 's', text: 't' });
  await s.sms!.send('+15550000000', 't');
  await s.push!.send([]);
  await s.foodAnalysis!.analyze({ imageUrl: 'https://example.org/a.jpg' });
  await s.resolveHost!('example.org');
};

test('every way out of the service waits for the check, which runs once', async () => {
  reached.length = 0;
  let checks = 0;
  await everything(guardedServices(services, async () => void checks++));
  assert.equal(checks, 1);
  assert.deepEqual(reached, ['mail', 'sms', 'push', 'food', 'dns']);
});

test('a check that stops the run lets nothing out', async () => {
  reached.length = 0;
  const guarded = guardedServices(services, () => Promise.reject(new Error('answered already')));
  for (const call of [() => guarded.mailer!.send({ to: 'a@example.org', subject: 's', text: 't' }), () => guarded.sms!.send('+15550000000', 't'), () => guarded.push!.send([]), () => guarded.foodAnalysis!.analyze({ imageBase64: 'AA==' }), () => guarded.resolveHost!('example.org')]) {
    await assert.rejects(call(), /answered already/);
  }
  assert.deepEqual(reached, []);
});

test('a provider that is not configured stays absent (the operation answers NOT_CONFIGURED)', () => {
  const guarded = guardedServices({ ...services, mailer: undefined, sms: undefined, push: undefined, foodAnalysis: undefined }, async () => {});
  assert.equal(guarded.mailer, undefined);
  assert.equal(guarded.sms, undefined);
  assert.equal(guarded.push, undefined);
  assert.equal(guarded.foodAnalysis, undefined);
});
