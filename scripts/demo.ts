import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { listen, type Listening } from '../src/listen.ts';
import { dateIn } from '../src/time/zone.ts';
import { DEMO_PASSWORD, seedDemo, type DemoCall, type DemoResult } from './demo-data.ts';

/**
 * npm run demo: fills the configured (development) database with a hospital, a clinic and a
 * pharmacy (scripts/demo-data.ts), prints how to sign in as each person, and serves it on PORT and
 * HOST until Ctrl-C, printing the address it is really reachable at (the socket's, src/listen.ts).
 */
async function main(): Promise<number> {
  const config = loadConfig();
  if (config.isProduction) {
    console.error('npm run demo fills a development database; it does not run with NODE_ENV=production');
    return 2;
  }
  const database = openDatabase(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous, poolSize: 4 });
  await migrateToLatest(database.db);
  const app = await buildApp({ config: { ...config, logLevel: 'warn' }, database });
  const call: DemoCall = async (namespace, apiName, data, token) => {
    const response = await app.inject({ method: 'POST', url: '/api', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload: JSON.stringify({ namespace, apiName, data }) });
    return { status: response.statusCode, body: response.json() };
  };
  try {
    const exists = await call('organizations', 'getBySlug', { slug: 'riverside-general' });
    if (exists.status === 200) {
      console.error(`the demo is already in ${config.databaseUrl}: npm start serves it; sign in with the accounts it printed (password ${DEMO_PASSWORD})`);
      return 2;
    }
    // Bound before anything is written: a port in use stops the demo with an empty database.
    const address = await listenOrExplain(app, config);
    if (!address) return 2;
    const today = dateIn(config.timeZone, Date.now());
    const result = await seedDemo(call, { today, timeZone: config.timeZone, progress: bar });
    process.stderr.write('\n');
    console.log(`\nDemo data in ${config.databaseUrl} (today ${today}, ${config.timeZone}):`);
    for (const [what, n] of Object.entries(result.counts)) console.log(`  ${String(n).padStart(4)} ${what}`);
    console.log('\nSign in with auth.login { email, password } (every password is the same):\n');
    for (const a of result.accounts) console.log(`  ${a.organization.padEnd(28)} ${a.role.padEnd(13)} ${a.email.padEnd(32)} ${a.password}`);
    const bills = await writeBills(app, result.documents, join(dataDirOf(config.databaseUrl), 'demo-bills'));
    console.log('\nBilling documents, as PDF (POST /billing/document downloads them; docs/billing.md):\n');
    for (const bill of bills) console.log(`  ${bill.kind.padEnd(15)} ${bill.number.padEnd(14)} ${bill.path}`);
    console.log(`\nServing the demo at ${address.reachable}: open ${address.reachable}/docs and use the token as a bearer token.`);
    console.log('Free slots: appointments.findSlots { organizationId, doctorId, dateFrom, dateTo }. Ctrl-C stops it; npm start serves this database later, with its background jobs.');
    await stopRequested();
    return 0;
  } finally {
    await app.close();
    await database.close();
  }
}

async function listenOrExplain(app: Parameters<typeof listen>[0], config: { host: string; port: number }): Promise<Listening | undefined> {
  try {
    return await listen(app, config);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EADDRINUSE')) throw error;
    console.error(`port ${config.port} of ${config.host} is in use (is npm start running?): stop it, or run the demo with PORT set to a free port`);
    return undefined;
  }
}

const stopRequested = () => new Promise<void>((done) => ['SIGINT', 'SIGTERM'].forEach((signal) => process.once(signal, () => done())));

function bar(done: number, total: number, what: string): void {
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(done).padStart(2)}/${total} ${what.padEnd(24)}`);
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}

/** Downloads each document's PDF through the service (POST /billing/document) into `folder`. */
async function writeBills(app: Awaited<ReturnType<typeof buildApp>>, documents: DemoResult['documents'], folder: string) {
  mkdirSync(folder, { recursive: true });
  const written: { kind: string; number: string; path: string }[] = [];
  for (const d of documents) {
    const response = await app.inject({
      method: 'POST',
      url: '/billing/document',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${d.token}` },
      payload: JSON.stringify({ organizationId: d.organizationId, id: d.id, format: 'pdf' }),
    });
    if (response.statusCode !== 200) throw new Error(`${d.number}: ${response.statusCode} ${response.body}`);
    const path = join(folder, `${d.number.replaceAll('/', '-')}.pdf`);
    writeFileSync(path, response.rawPayload);
    written.push({ kind: d.kind, number: d.number, path });
  }
  return written;
}

/** Where a file database lives (its folder), else ./data. */
function dataDirOf(databaseUrl: string): string {
  const file = databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : '';
  return file && file !== ':memory:' ? dirname(file) : 'data';
}
