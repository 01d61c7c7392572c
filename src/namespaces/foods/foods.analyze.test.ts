import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { after, beforeEach, test } from 'node:test';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { MAX_IMAGE_BYTES, normaliseBase64 } from './analyze.ts';

/**
 * A fake image-analysis provider on 127.0.0.1 speaking the wire format of
 * src/providers/http-food-analysis.ts. The image URL's last path segment picks its behaviour.
 */
const API_KEY = 'food-analysis-test-key';
const provider = { requests: [] as { authorization: string | undefined; body: Record<string, unknown> }[] };

const meal = {
  foods: [
    { name: 'chicken curry', confidence: 0.92, calories: 320, protein: 24, carbs: 12, fat: 19, fiber: 3, quantity: '1 bowl' },
    { name: 'Naan', confidence: 0.8, calories: 260, protein: 9, carbs: 45, fat: 5, fiber: 2, quantity: '1 piece' },
    { name: 'Raita', calories: 60.5 },
  ],
};

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function handle(request: IncomingMessage, raw: string, response: ServerResponse): void {
  const body = JSON.parse(raw) as Record<string, unknown>;
  provider.requests.push({ authorization: request.headers.authorization, body });
  if (request.method !== 'POST' || request.headers.authorization !== `Bearer ${API_KEY}`) return json(response, 401, { error: 'bad key' });
  if (typeof body.image_base64 === 'string') return json(response, 200, { foods: [{ name: 'Apple', calories: 95, quantity: '1 medium' }] });
  const scenario = String(body.image_url).split('/').pop() ?? '';
  switch (scenario) {
    case 'meal.jpg':
      return json(response, 200, meal);
    case 'empty.jpg':
      return json(response, 200, { foods: [] });
    case 'not-food.jpg':
      return json(response, 422, { error: 'no food recognised in the image' });
    case 'busy.jpg':
      return json(response, 429, { error: 'slow down' });
    case 'garbled.jpg':
      return json(response, 200, { foods: [{ name: '', calories: -1 }] });
    case 'not-json.jpg':
      return void response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    default:
      return json(response, 500, { error: 'internal provider trouble' });
  }
}

const server = createServer((request, response) => {
  let raw = '';
  request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
  request.on('end', () => handle(request, raw, response));
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const providerUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1/analyze`;
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const image = (name: string) => ({ image_url: `https://images.test/${name}` });

describeEachDialect(
  'foods.analyze with a provider',
  (t) => {
    beforeEach(() => {
      provider.requests = [];
    });

    test('answers the recognised foods ready for calorieLogs.addFoodsFromAI, matched to visible catalogue foods', async () => {
      const curry = ok(await t().call('foods', 'create', { name: 'Chicken Curry', calories: 240 })).item;
      const naan = ok(await t().call('foods', 'create', { name: 'Naan' })).item;
      ok(await t().call('foods', 'update', { id: naan.id, isActive: false }));
      const data = ok(await t().call('foods', 'analyze', image('meal.jpg')));
      assert.deepEqual(provider.requests, [{ authorization: `Bearer ${API_KEY}`, body: { image_url: 'https://images.test/meal.jpg' } }]);
      assert.deepEqual(data.foods, [
        { name: 'chicken curry', calories: 320, protein: 24, carbs: 12, fat: 19, fiber: 3, quantity: '1 bowl', confidence: 0.92, foodId: curry.id },
        { name: 'Naan', calories: 260, protein: 9, carbs: 45, fat: 5, fiber: 2, quantity: '1 piece', confidence: 0.8, foodId: null },
        { name: 'Raita', calories: 60.5, protein: null, carbs: null, fat: null, fiber: null, quantity: null, confidence: null, foodId: null },
      ]);
      assert.equal(data.totalCalories, 640.5);
      for (const food of data.foods) {
        for (const key of ['name', 'calories', 'protein', 'carbs', 'fat', 'fiber', 'quantity']) assert.ok(key in food, key);
      }
      const logged = await t().call('calorieLogs', 'addFoodsFromAI', { idpUserId: `analyze-${Date.now()}`, foods: data.foods });
      assert.equal(logged.statusCode, 200, `the answer goes into calorieLogs.addFoodsFromAI as it is: ${JSON.stringify(logged.body)}`);
      assert.deepEqual(ok(await t().call('foods', 'analyze', image('empty.jpg'))), { foods: [], totalCalories: 0 });
    });

    test('image_base64 is sent without a data: prefix or white space', async () => {
      const base64 = Buffer.from('a tiny fake jpeg').toString('base64');
      const wrapped = `data:image/jpeg;base64,${base64.slice(0, 8)}\n${base64.slice(8)}`;
      const data = ok(await t().call('foods', 'analyze', { image_base64: wrapped }));
      assert.equal(data.foods[0].name, 'Apple');
      assert.deepEqual(provider.requests[0]!.body, { image_base64: base64 });
    });

    test('provider failures: a refused image is a 4xx, a busy provider 429, anything else 503, never 500', async () => {
      const refused = failsWith(await t().call('foods', 'analyze', image('not-food.jpg')), 'VALIDATION_FAILED', 400);
      assert.match(refused.message, /no food recognised/);
      assert.equal(refused.details![0]!.path, 'image_url');
      const busy = await t().call('foods', 'analyze', image('busy.jpg'));
      failsWith(busy, 'RATE_LIMITED', 429);
      assert.equal(busy.headers['retry-after'], '30');
      for (const name of ['down.jpg', 'garbled.jpg', 'not-json.jpg']) {
        const error = failsWith(await t().call('foods', 'analyze', image(name)), 'NOT_CONFIGURED', 503);
        assert.doesNotMatch(error.message, /internal provider trouble/, 'the provider\'s own text on a 5xx is not passed on');
      }
    });

    test('exactly one of image_url and image_base64; both or neither is VALIDATION_FAILED and the provider is not called', async () => {
      const both = { image_url: 'https://images.test/meal.jpg', image_base64: Buffer.from('x').toString('base64') };
      for (const data of [both, {}, { image_url: null, image_base64: null }]) {
        const error = failsWith(await t().call('foods', 'analyze', data), 'VALIDATION_FAILED', 400);
        assert.match(error.message, /exactly one of image_url and image_base64/);
      }
      const cases: [Record<string, unknown>, string][] = [
        [{ image_url: 'not a url' }, 'image_url'],
        [{ image_url: 'ftp://images.test/a.jpg' }, 'image_url'],
        [{ image_url: 42 }, 'image_url'],
        [{ image_base64: '' }, 'image_base64'],
        [{ image_base64: 'not base64!' }, 'image_base64'],
        [{ image_base64: 'QUJD=A==' }, 'image_base64'],
        [{ image_base64: 'A' }, 'image_base64'],
      ];
      for (const [data, path] of cases) {
        const error = failsWith(await t().call('foods', 'analyze', data), 'VALIDATION_FAILED', 400);
        assert.equal(error.details![0]!.path, path, JSON.stringify(data));
      }
      assert.equal(provider.requests.length, 0);
    });

    test('image_base64 is bounded at 4 MiB decoded', async () => {
      const atLimit = `${'A'.repeat(5_592_406)}==`;
      assert.deepEqual(normaliseBase64(atLimit), { base64: atLimit });
      assert.equal(Buffer.from(atLimit, 'base64').length, MAX_IMAGE_BYTES);
      ok(await t().call('foods', 'analyze', { image_base64: atLimit }));
      const over = 'A'.repeat(5_592_408);
      const error = failsWith(await t().call('foods', 'analyze', { image_base64: over }), 'VALIDATION_FAILED', 400);
      assert.match(error.message, /at most 4194304 bytes/);
      assert.equal(provider.requests.length, 1);
    });
  },
  { env: { FOOD_ANALYSIS_URL: providerUrl, FOOD_ANALYSIS_API_KEY: API_KEY, BODY_LIMIT_BYTES: String(16 * 1024 * 1024) } },
);

describeEachDialect(
  'foods.analyze with a key the provider refuses',
  (t) => {
    test('a key the provider refuses is NOT_CONFIGURED (503)', async () => {
      provider.requests = [];
      failsWith(await t().call('foods', 'analyze', image('meal.jpg')), 'NOT_CONFIGURED', 503);
      assert.equal(provider.requests[0]!.authorization, 'Bearer wrong-key');
    });
  },
  { env: { FOOD_ANALYSIS_URL: providerUrl, FOOD_ANALYSIS_API_KEY: 'wrong-key' } },
);

describeEachDialect(
  'foods.analyze, provider unreachable',
  (t) => {
    test('a provider that cannot be reached is NOT_CONFIGURED (503)', async () => {
      failsWith(await t().call('foods', 'analyze', image('meal.jpg')), 'NOT_CONFIGURED', 503);
    });
  },
  { env: { FOOD_ANALYSIS_URL: 'http://127.0.0.1:1/analyze' } },
);

describeEachDialect('foods.analyze without a provider', (t) => {
  test('is NOT_CONFIGURED (503), after validating the input', async () => {
    const error = failsWith(await t().call('foods', 'analyze', image('meal.jpg')), 'NOT_CONFIGURED', 503);
    assert.match(error.message, /FOOD_ANALYSIS_URL/);
    failsWith(await t().call('foods', 'analyze', {}), 'VALIDATION_FAILED', 400);
  });
});

test('FOOD_ANALYSIS_URL is validated at start; unset means no provider', () => {
  assert.throws(() => loadConfig({ FOOD_ANALYSIS_URL: 'not a url' }), (e: unknown) => e instanceof ConfigError && /FOOD_ANALYSIS_URL/.test(e.message));
  assert.deepEqual(loadConfig({ FOOD_ANALYSIS_URL: providerUrl, FOOD_ANALYSIS_API_KEY: '' }).foodAnalysis, { url: providerUrl, apiKey: undefined });
  assert.equal(loadConfig({}).foodAnalysis, undefined);
  assert.deepEqual(loadConfig({ FOOD_ANALYSIS_URL: providerUrl, FOOD_ANALYSIS_API_KEY: 'k' }).foodAnalysis, { url: providerUrl, apiKey: 'k' });
});
