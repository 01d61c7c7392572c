/**
 * npm run bench:key: what an Idempotency-Key adds to appointments.create's CPU, in one process
 * (issue 26; docs/PERFORMANCE.md, "The key's look-up, the fingerprint and the savepoints' journal").
 *
 * Runs of the bench differ from one another by more than the bar (5%) on a shared machine, so here
 * the service (buildApp on the cached SQLite seed, production settings, no HTTP) takes blocks of
 * 50 bookings at once, unkeyed and keyed in turn (P K K P ...), each at a random seeded doctor,
 * and each block's process CPU time is kept; slow spells of the machine fall on both sides.
 * --aa sends no key on either side: the method's own difference, which should be near 0.
 *
 * Flags: --blocks=1200, --block=50, --aa. The seed must exist (npm run bench makes it).
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { TokenService } from '../src/caller/tokens.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { RandomSlots, sideOfBlock, twoSides } from './paired.ts';
import { firstFreeDay } from './scenarios.ts';
import { BENCH_SECRET, readMeta, targetFor } from './seed.ts';

const { values: flags } = parseArgs({ options: { blocks: { type: 'string', default: '1200' }, block: { type: 'string', default: '50' }, aa: { type: 'boolean', default: false } } });
const BLOCKS = Number(flags.blocks);
const BLOCK = Number(flags.block);
const SLOTS_PER_DAY = 48;

const target = targetFor('sqlite', { reseed: false, scale: 1 }, '');
const meta = await readMeta(target);
if (!meta) throw new Error(`no seeded SQLite database at ${target.path!}: run npm run bench first`);
const config = loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: BENCH_SECRET, DATABASE_URL: target.serviceUrl, LOG_LEVEL: 'warn' });
const database = openDatabase(target.serviceUrl, { sqliteSynchronous: config.sqliteSynchronous, sqliteCacheMiB: config.sqliteCacheMiB, sqliteCheckpointPages: config.sqliteCheckpointPages });
const app = await buildApp({ config, database });
await app.ready();
const token = (await new TokenService(config).issue(meta.adminIdpUserId)).accessToken;
const firstDay = await firstFreeDay(database.db);
const doctors = meta.createTriples;
const slots = new RandomSlots(doctors.length);
let booked = 0;

/** Books BLOCK free slots at once; the process's CPU microseconds per booking. */
async function block(keyed: boolean): Promise<number> {
  const started = process.cpuUsage();
  const answers = Array.from({ length: BLOCK }, () => {
    const { doctor, slot } = slots.take();
    const minute = (slot % SLOTS_PER_DAY) * 30;
    const scheduledDate = new Date((firstDay + Math.floor(slot / SLOTS_PER_DAY)) * 86_400_000).toISOString().slice(0, 10);
    const scheduledTime = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    return app.inject({
      method: 'POST',
      url: '/api',
      headers: { authorization: `Bearer ${token}`, ...(keyed ? { 'idempotency-key': `bench-key-${firstDay}-${booked++}` } : {}) },
      payload: { namespace: 'appointments', apiName: 'create', data: { ...doctors[doctor]!, scheduledDate, scheduledTime, duration: 30, type: 'consultation', consultationFee: 500, reason: 'Routine check-up' } },
    });
  });
  for (const answer of await Promise.all(answers)) if (answer.statusCode !== 200) throw new Error(`a booking failed: ${answer.body}`);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / BLOCK;
}

for (let i = 0; i < 20; i++) await block(i % 2 === 1 && !flags.aa);
const sides = { baseline: [] as number[], changed: [] as number[] };
for (let i = 0; i < BLOCKS; i++) {
  const side = sideOfBlock(i);
  sides[side].push(await block(side === 'changed' && !flags.aa));
}
await app.close();
await database.close();

const r = twoSides(sides.baseline, sides.changed);
const share = (100 * r.trimmedDifference) / r.baseline;
console.log(`${BLOCKS} blocks of ${BLOCK} bookings${flags.aa ? ' (A/A: no key on either side)' : ''}: unkeyed ${r.baseline.toFixed(0)} us of CPU per booking, keyed ${r.changed.toFixed(0)} (medians)`);
console.log(`the key adds ${r.trimmedDifference.toFixed(1)} us per booking (trimmed means), ${share.toFixed(1)}% of an unkeyed one`);
if (!flags.aa) console.log(`- Idempotency-Key costs < 5% of create (in process, paired blocks): ${share < 5 ? 'REACHED' : 'NOT REACHED'}`);
