import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { after, test } from 'node:test';
import { describeEachDialect, failsWith, type TestApp } from '../harness.ts';
import { JobRunner } from '../../src/background/runner.ts';
import { createServices } from '../../src/providers/index.ts';
import { deliverWebhooks } from '../../src/namespaces/webhooks/webhooks.jobs.ts';
import { accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, finding 7: webhook targets in other spellings of private addresses, and names that
 * resolve to a public address when subscribing and to a private one when delivering (DNS
 * rebinding). Names are resolved by a resolver the test controls (services.resolveHost).
 */

/** What each name resolves to now; a name not here does not resolve. */
const zone = new Map<string, string[]>();
/** A name whose next answer is taken from here (then removed), ahead of `zone`. */
const nextAnswer = new Map<string, string[]>();
const resolveHost = async (host: string): Promise<string[]> => {
  const once = nextAnswer.get(host);
  if (once) {
    nextAnswer.delete(host);
    return once;
  }
  const answer = zone.get(host);
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answer;
};

const PUBLIC = '93.184.215.14';

/** A local receiver standing in for whatever sits on the private network. */
const received: { host: string | undefined; url: string | undefined }[] = [];
const receiver = createServer((request, response) => {
  received.push({ host: request.headers.host, url: request.url });
  request.resume();
  request.on('end', () => response.writeHead(204).end());
});
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');
const port = (receiver.address() as { port: number }).port;
after(() => receiver.close());

/** Runs the delivery job now; each run a minute later than the last, so that the job is due again. */
let runs = 0;
const deliver = (t: TestApp) => {
  const at = Date.now() + ++runs * 60_000;
  return new JobRunner({ database: t.database, config: t.config, services: { ...createServices(t.config, t.app.log), resolveHost }, log: t.app.log, jobs: [deliverWebhooks], now: () => at }).runDue();
};

/** Something happens in the organization that its subscribers hear about (stock runs low). */
async function lowStock(t: TestApp, owner: { token: string; organizationId: string }): Promise<void> {
  const organizationId = owner.organizationId;
  const stock = ok(await t.call('inventoryItems', 'create', { organizationId, itemName: 'Insulin pen', quantity: 10, minStock: 4 }, { token: owner.token })).item;
  ok(await t.call('inventoryItems', 'issueStock', { organizationId, inventoryItemId: stock.id, quantity: 7, type: 'ISSUE' }, { token: owner.token }));
}

async function deliveriesOf(t: TestApp, owner: { token: string; organizationId: string }, subscriptionId: string) {
  return ok(await t.call('webhooks', 'listDeliveries', { organizationId: owner.organizationId, subscriptionId }, { token: owner.token })).items;
}

describeEachDialect(
  'security: outbound requests reach only the public addresses that were checked',
  (t) => {
    test('every spelling of a private address is refused at subscribe', async () => {
      const owner = await accountWithOrganization(t());
      zone.set('mixed.example.test', [PUBLIC, '10.0.0.1']);
      zone.set('mapped.example.test', ['::ffff:169.254.169.254']);
      zone.set('nat64.example.test', ['64:ff9b::7f00:1']);
      const refused = [
        'http://[::7f00:1]/',
        'http://[::a9fe:a9fe]/',
        'http://[::10.0.0.1]/',
        'http://[::ffff:127.0.0.1]/',
        'http://[::ffff:a9fe:a9fe]/latest/meta-data',
        'http://[0:0:0:0:0:ffff:0a00:0001]/',
        'http://[64:ff9b::a9fe:a9fe]/',
        'http://[64:ff9b::10.0.0.1]/',
        'http://[2002:a9fe:a9fe::1]/',
        'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
        'http://[fc00::1]/',
        'http://[fe80::1]/',
        'http://0177.0.0.1/',
        'http://0x7f.1/',
        'http://2130706433/',
        'http://127.1/',
        'http://0x7f000001/',
        'http://0251.0376.0251.0376/',
        'http://017700000001/',
        'http://0/',
        'http://mixed.example.test/',
        'http://mapped.example.test/',
        'http://nat64.example.test/',
        'http://unknown.example.test/',
      ];
      for (const url of refused) {
        const answer = await t().call('webhooks', 'subscribe', { organizationId: owner.organizationId, url, eventTypes: ['*'] }, { token: owner.token });
        failsWith(answer, 'VALIDATION_FAILED', 400);
        assert.match(answer.body.error.message, /private targets are not allowed|does not resolve|not allowed/, url);
      }
      zone.set('hooks.example.test', [PUBLIC, '2606:4700::1111']);
      for (const url of ['https://hooks.example.test/events', `http://${PUBLIC}/x`, 'http://[64:ff9b::5db8:d70e]/', 'http://[2606:4700::1111]/']) {
        ok(await t().call('webhooks', 'subscribe', { organizationId: owner.organizationId, url, eventTypes: ['*'] }, { token: owner.token }));
      }
    });

    test('a name that resolves to a private address at delivery (DNS rebinding) is not connected to', async () => {
      const owner = await accountWithOrganization(t());
      zone.set('rebind.example.test', [PUBLIC]);
      const url = `http://rebind.example.test:${port}/hook`;
      const { item } = ok(await t().call('webhooks', 'subscribe', { organizationId: owner.organizationId, url, eventTypes: ['stock.low'] }, { token: owner.token }));
      zone.set('rebind.example.test', ['127.0.0.1']);
      await lowStock(t(), owner);
      received.length = 0;
      await deliver(t());
      assert.deepEqual(received, [], 'nothing reached the private address');
      const [delivery] = await deliveriesOf(t(), owner, item.id);
      assert.equal(delivery.state, 'pending');
      assert.equal(delivery.lastStatus, null);
      assert.match(delivery.lastError, /target refused: .*127\.0\.0\.1/);
    });
  },
  production({ services: { resolveHost } }),
);

describeEachDialect(
  'security: outbound requests connect to the address that was checked',
  (t) => {
    test('delivery connects to the address its check resolved and never resolves the name again', async () => {
      const owner = await accountWithOrganization(t());
      // Nothing listens on 127.0.0.2: only the answer the delivery's check gets leads to the receiver.
      zone.set('receiver.example.test', ['127.0.0.2']);
      const url = `http://receiver.example.test:${port}/hook`;
      const { item } = ok(await t().call('webhooks', 'subscribe', { organizationId: owner.organizationId, url, eventTypes: ['stock.low'] }, { token: owner.token }));
      nextAnswer.set('receiver.example.test', ['127.0.0.1']);
      await lowStock(t(), owner);
      received.length = 0;
      await deliver(t());
      assert.deepEqual(received, [{ host: `receiver.example.test:${port}`, url: '/hook' }]);
      const [delivery] = await deliveriesOf(t(), owner, item.id);
      assert.equal(delivery.state, 'delivered', JSON.stringify(delivery));
    });

    test('a redirect is an answer, not followed', async () => {
      const owner = await accountWithOrganization(t());
      const redirecting = createServer((request, response) => {
        request.resume();
        response.writeHead(307, { location: `http://127.0.0.1:${port}/stolen` }).end();
      });
      redirecting.listen(0, '127.0.0.1');
      await once(redirecting, 'listening');
      try {
        const url = `http://127.0.0.1:${(redirecting.address() as { port: number }).port}/hook`;
        const { item } = ok(await t().call('webhooks', 'subscribe', { organizationId: owner.organizationId, url, eventTypes: ['stock.low'] }, { token: owner.token }));
        await lowStock(t(), owner);
        received.length = 0;
        await deliver(t());
        assert.deepEqual(received, []);
        const [delivery] = await deliveriesOf(t(), owner, item.id);
        assert.equal(delivery.lastStatus, 307);
        assert.equal(delivery.state, 'pending');
      } finally {
        redirecting.close();
      }
    });
  },
  production({ services: { resolveHost }, env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } }),
);
