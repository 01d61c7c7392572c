import assert from 'node:assert/strict';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, test } from 'node:test';
import { knownMigrations } from '../src/db/migrate.ts';
import { api, freshPostgresDatabase, ROOT, scratchDir, startService } from './service-process.ts';

const run = promisify(execFile);
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

/** A Node.js older than 24 on this machine (the system's), if there is one. */
function olderNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    const major = Number(execFileSync(candidate, ['-p', 'process.versions.node.split(".")[0]']).toString().trim());
    if (major < 24) return candidate;
  }
  return undefined;
}

describe('start-up', () => {
  const old = olderNode();
  test('an older Node.js stops at once with one line naming the version needed', { skip: old ? false : 'no Node.js older than 24 on this machine' }, async () => {
    const service = startService({ DATABASE_URL: `sqlite:${join(scratchDir(), 'h.db')}` }, { node: old! });
    assert.equal(await service.exited, 1);
    assert.equal(service.lines.length, 1, service.lines.join('\n'));
    assert.match(service.lines[0]!, /^healthops needs Node\.js 24 or later, this is v\d+\./);
  });

  test('after npm ci --ignore-scripts, the older Node.js is told that the install script did not run', { skip: old ? false : 'no Node.js older than 24 on this machine' }, async () => {
    const project = scratchDir();
    mkdirSync(join(project, 'src'));
    mkdirSync(join(project, 'node_modules', 'node'), { recursive: true });
    copyFileSync(join(ROOT, 'src', 'start.mjs'), join(project, 'src', 'start.mjs'));
    writeFileSync(join(project, 'node_modules', 'node', 'package.json'), '{"name":"node"}');
    const refused = await run(old!, [join(project, 'src', 'start.mjs')]).then(() => undefined, (error: { code?: number; stderr?: string }) => error);
    assert.equal(refused?.code, 1);
    assert.match(String(refused?.stderr), /did not run \(npm ci --ignore-scripts\?\): run npm rebuild node/);
  });

  test('one structured line says version, database, auth mode, development switches, migrations, address and docs', async () => {
    const file = join(scratchDir(), 'h.db');
    const first = startService({ DATABASE_URL: `sqlite:${file}` });
    const { base, line } = await first.started;
    assert.equal(line.version, version);
    assert.equal(line.database, `sqlite:${file}`);
    assert.equal(line.authMode, 'optional');
    assert.ok((line.developmentSwitches as string[]).some((s) => s.startsWith('AUTH_DEV_OTP')));
    assert.ok((line.developmentSwitches as string[]).some((s) => s.startsWith('AUTH_JWT_SECRET unset')));
    assert.deepEqual(line.migrations, { applied: knownMigrations(), onStart: true });
    assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(line.docs, `${base}/docs`);
    assert.equal((await fetch(`${base}/docs/`)).status, 200);
    assert.equal(await first.stop(), 0);

    const second = startService({ DATABASE_URL: `sqlite:${file}`, NODE_ENV: 'production', AUTH_JWT_SECRET: 'a production secret of at least 32 chars', HOST: '127.0.0.1' });
    const again = (await second.started).line;
    assert.deepEqual(again.migrations, { applied: 0, onStart: true }, 'nothing left to apply');
    assert.equal(again.authMode, 'required');
    assert.deepEqual(again.developmentSwitches, []);
    assert.equal(await second.stop(), 0);
  });

  test('an unreachable database is waited for, then start-up stops with one line (password hidden)', async () => {
    const service = startService({ DATABASE_URL: 'postgres://app:s3cret-pw@127.0.0.1:1/healthops', DATABASE_WAIT_SECONDS: '2' });
    assert.equal(await service.exited, 1);
    const waits = service.logs().filter((l) => l.msg === 'waiting for the database at postgres://app:***@127.0.0.1:1/healthops');
    assert.ok(waits.length >= 2, `retried: ${service.lines.join('\n')}`);
    assert.match(String(waits[0]!.reason), /ECONNREFUSED/);
    assert.match(service.lines.at(-1)!, /^the database at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/healthops is not reachable after 2 s \(.*ECONNREFUSED.*\); check DATABASE_URL/);
    assert.ok(!service.lines.join('\n').includes('s3cret-pw'));
  });

  test('a database that refuses (it does not exist) stops start-up at once with the reason, not after the wait', { skip: process.env.TEST_DATABASE_URL ? false : 'needs TEST_DATABASE_URL' }, async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = '/healthops_no_such_database';
    const began = Date.now();
    const service = startService({ DATABASE_URL: url.toString(), DATABASE_WAIT_SECONDS: '60' });
    assert.equal(await service.exited, 1);
    assert.ok(Date.now() - began < 30_000, 'it did not wait the 60 s for a database that will not appear');
    assert.equal(service.logs().filter((l) => String(l.msg).startsWith('waiting for the database')).length, 0, 'no retry');
    assert.match(service.lines.at(-1)!, /refused the connection: the database does not exist: create it, or correct the name in DATABASE_URL \(3D000/);
  });

  test('listening on every interface, the line names the address bound, and a docs link that can be opened', async () => {
    const service = startService({ DATABASE_URL: `sqlite:${join(scratchDir(), 'h.db')}`, HOST: '0.0.0.0' });
    const { line } = await service.started;
    assert.match(String(line.listen), /^http:\/\/0\.0\.0\.0:\d+$/);
    const port = new URL(String(line.listen)).port;
    assert.equal(line.docs, `http://127.0.0.1:${port}/docs`);
    assert.equal((await fetch(`${String(line.docs)}/`)).status, 200);
    assert.equal(await service.stop(), 0);
  });

  test('the admin command takes a password from standard input or ADMIN_PASSWORD, never from its arguments', () => {
    const env = { ...process.env, DATABASE_URL: `sqlite:${join(scratchDir(), 'h.db')}` };
    const admin = (args: string[], input = '') => spawnSync(process.execPath, ['src/admin.ts', 'create-platform-admin', ...args], { cwd: ROOT, env, input, encoding: 'utf8' });
    const refused = admin(['--email', 'root@example.com', '--password', 'on the command line']);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /a password is not taken from the command line/);
    const piped = admin(['--email', 'root@example.com', '--password-stdin'], 'from standard input\n');
    assert.equal(piped.status, 0, piped.stderr);
    assert.match(piped.stdout, /created identity/);
    assert.doesNotMatch(piped.stdout, /generated password/, 'the piped password was taken');
  });

  test('with MIGRATE_ON_START=false a pending migration stops start-up; npm run migrate lists and applies them', async () => {
    const env = { ...process.env, DATABASE_URL: `sqlite:${join(scratchDir(), 'h.db')}`, MIGRATE_ON_START: 'false' };
    const refused = startService(env);
    assert.equal(await refused.exited, 1);
    assert.match(refused.lines.at(-1)!, new RegExp(`^${knownMigrations()} migration\\(s\\) pending \\(0001_\\w+ \\.\\.\\.\\) and MIGRATE_ON_START=false: run npm run migrate first$`));

    const admin = (...args: string[]) => run(process.execPath, ['src/admin.ts', 'migrate', ...args], { cwd: ROOT, env });
    const listed = await admin('--list');
    assert.match(listed.stdout, new RegExp(`^${knownMigrations()} pending:\\n  0001_`));
    assert.match((await admin()).stdout, new RegExp(`^applied ${knownMigrations()}:`));
    assert.equal((await admin('--list')).stdout.trim(), 'no migration pending');
    assert.equal((await admin()).stdout.trim(), 'up to date: no migration pending');

    const service = startService(env);
    const { base, line } = await service.started;
    assert.deepEqual(line.migrations, { applied: 0, onStart: false });
    assert.equal((await api(base, 'auth', 'signUp', { email: 'migrated@example.com', password: 'a good password' })).status, 200);
    assert.equal(await service.stop(), 0);
  });

  test('PostgreSQL that comes up after the service has said it waits: it waits, then starts', { skip: process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL not set' }, async () => {
    const database = await freshPostgresDatabase();
    // A port where PostgreSQL "is not yet": a proxy to the real server, opened 1.5 s later.
    const real = new URL(database.url);
    const holder: Server = createServer();
    await new Promise<void>((done) => holder.listen(0, '127.0.0.1', () => done()));
    const port = (holder.address() as { port: number }).port;
    await new Promise<void>((done) => holder.close(() => done()));
    const late = new URL(database.url);
    late.port = String(port);
    const service = startService({ DATABASE_URL: late.toString(), DATABASE_WAIT_SECONDS: '30' });
    const sockets: Socket[] = [];
    const proxy = createServer((client) => {
      const upstream = connect(Number(real.port || 5432), real.hostname);
      sockets.push(client, upstream);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    try {
      // The database comes up only once the service has said that it waits for it.
      const waiting = () => service.logs().some((l) => l.msg === `waiting for the database at ${late.toString()}`);
      for (let i = 0; i < 300 && !waiting(); i++) await new Promise((done) => setTimeout(done, 100));
      assert.ok(waiting(), `it said what it waited for: ${service.lines.join('\n')}`);
      await new Promise<void>((done) => proxy.listen(port, '127.0.0.1', () => done()));
      const { base } = await service.started;
      assert.equal((await fetch(`${base}/ready`)).status, 200);
      assert.equal(await service.stop(), 0);
    } finally {
      service.child.kill('SIGKILL');
      for (const s of sockets) s.destroy();
      await new Promise((done) => proxy.close(done));
      await database.drop();
    }
  });
});
