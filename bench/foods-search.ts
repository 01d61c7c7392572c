/**
 * foods at catalogue scale: loads N foods through foods.bulk (1000 per call), then times list and
 * search through the real envelope (in-process inject, one caller at a time).
 * Usage: node bench/foods-search.ts [--foods 100000] [--repeat 30]; DATABASE_URL=postgres://... for PostgreSQL
 * (it runs in a scratch schema there, dropped at the end).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

const { values } = parseArgs({ options: { foods: { type: 'string', default: '100000' }, repeat: { type: 'string', default: '30' } } });
const totalFoods = Number(values.foods);
const repeat = Number(values.repeat);

const dir = mkdtempSync(join(tmpdir(), 'healthops-foods-'));
const url = process.env.DATABASE_URL ?? `sqlite:${join(dir, 'foods.db')}`;
const pgSchema = url.startsWith('postgres') ? `bench_${randomBytes(4).toString('hex')}` : undefined;
async function admin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sqlText);
  await client.end();
}
if (pgSchema) await admin(`create schema ${pgSchema}`);

const database = openDatabase(url, pgSchema ? { pgSchema } : {});
await migrateToLatest(database.db);
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: url });
const app = await buildApp({ config, database });
await app.ready();

async function call(apiName: string, data: unknown): Promise<Record<string, unknown>> {
  const res = await app.inject({ method: 'POST', url: '/api', payload: { namespace: 'foods', apiName, data } });
  const body = res.json<{ status: string; data: Record<string, unknown> }>();
  if (body.status !== 'ok') throw new Error(`${apiName}: ${res.body}`);
  return body.data;
}

// a deterministic catalogue: "<style> <dish> <n>" in 40 categories with 3..7 ingredients of 120
let seed = 42;
/** mulberry32: a small deterministic generator (the catalogue is the same on every run) */
const rand = (n: number) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) % n;
};
const styles = ['Grilled', 'Steamed', 'Fried', 'Baked', 'Roasted', 'Spicy', 'Sweet', 'Smoked', 'Braised', 'Fresh', 'Crispy', 'Creamy'];
const dishes = ['Chicken', 'Paneer', 'Rice', 'Lentils', 'Salmon', 'Tofu', 'Noodles', 'Oats', 'Potato', 'Beans', 'Egg', 'Yogurt', 'Bread', 'Soup', 'Salad', 'Curry', 'Pasta', 'Mushroom'];
const ingredients = Array.from({ length: 120 }, (_, i) => `ingredient${i} ${['salt', 'garlic', 'onion', 'tomato', 'cumin', 'ginger'][i % 6]}`);
const names: string[] = [];
const food = (i: number) => ({
  name: (names[i] = `${styles[rand(styles.length)]} ${dishes[rand(dishes.length)]} ${i}`),
  category: `Category ${rand(40)}`,
  categoryId: `cat-${rand(40)}`,
  calories: rand(900),
  protein: rand(400) / 10,
  ingredients: Array.from({ length: 3 + rand(5) }, () => ingredients[rand(ingredients.length)]),
});

let started = performance.now();
for (let i = 0; i < totalFoods; i += 1000) {
  await call('bulk', { items: Array.from({ length: Math.min(1000, totalFoods - i) }, (_, k) => food(i + k)) });
}
const loadSeconds = (performance.now() - started) / 1000;
console.log(`${database.dialect}: loaded ${totalFoods} foods through bulk in ${loadSeconds.toFixed(1)} s (${(totalFoods / loadSeconds).toFixed(0)} foods/s)`);

// PostgreSQL's autovacuum analyzes a freshly loaded table within a minute or so; do it now, so the
// planner knows the trigram index is selective (the figures are those of a settled catalogue).
if (pgSchema) await sql`vacuum analyze foods`.execute(database.db);

async function time(name: string, data: () => Record<string, unknown>, apiName = 'search'): Promise<void> {
  const ms: number[] = [];
  let answer: Record<string, unknown> = {};
  for (let i = 0; i < repeat; i++) {
    started = performance.now();
    answer = await call(apiName, data());
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(ms.length * q))]!.toFixed(1);
  const items = (answer.items as unknown[]).length;
  console.log(`${name.padEnd(44)} p50 ${p(0.5).padStart(6)} ms  p95 ${p(0.95).padStart(6)} ms  (${items} items, total ${String(answer.total)})`);
}

const first = await call('list', { page_size: 100 });
let cursor = first.nextCursor as string;
for (let i = 0; i < 500; i++) cursor = (await call('list', { page_size: 100, cursor })).nextCursor as string;

await time('list, first page (counts total)', () => ({ page_size: 20 }), 'list');
await time('list, cursor page ~50,000 in', () => ({ page_size: 20, cursor }), 'list');
await time('list, page 4000 by number (OFFSET 79,980)', () => ({ page_size: 20, page: 4000 }), 'list');
await time('list, categoryId filter', () => ({ categoryId: 'cat-7', page_size: 20 }), 'list');
await time('search "chicken" (common word, counts)', () => ({ query: 'chicken' }));
await time('search "chicken" after a cursor (no count)', () => ({ query: 'chicken', cursor }));
const rare = names[4242]!.toLowerCase();
await time(`search "${rare}" (one food, 3 words)`, () => ({ query: rare }));
await time('search "ingredient17" (in ingredients)', () => ({ query: 'ingredient17' }));
await time('search "zzzz" (no match)', () => ({ query: 'zzzz' }));
await time('search calories 100..120', () => ({ min_calories: 100, max_calories: 120 }));
await time('search "curry" + category + calories', () => ({ query: 'curry', category: 'category 3', min_calories: 200, max_calories: 600 }));

await app.close();
await database.close();
if (pgSchema && !process.env.KEEP_SCHEMA) await admin(`drop schema ${pgSchema} cascade`);
else if (pgSchema) console.log(`kept schema ${pgSchema}`);
rmSync(dir, { recursive: true, force: true });
