import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from './harness.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
const npm = (args: string[], cwd: string) => run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, env: { ...process.env, npm_config_update_notifier: 'false' } });

/**
 * The client as an integrator gets it: `npm pack` of client/ (its prepack builds JavaScript and
 * declarations), installed from the tarball into a new project, run by plain `node` (no TypeScript
 * in node_modules) and type-checked by `tsc` as a dependency.
 */
let t: TestApp;
let baseUrl: string;
let project: string;

before(async () => {
  t = await createTestApp('sqlite');
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  project = await mkdtemp(join(tmpdir(), 'healthops-client-'));
  await npm(['pack', '--pack-destination', project], join(ROOT, 'client'));
  const tarball = (await readdir(project)).find((name) => name.endsWith('.tgz'));
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  assert.equal(tarball, `healthops-client-${version}.tgz`, 'the client is versioned with the service');
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'integrator', private: true, type: 'module' }));
  await npm(['install', '--offline', `./${tarball}`], project);
});

after(async () => {
  await t.close();
  await rm(project, { recursive: true, force: true });
});

test('installed from its tarball, the client runs under plain node: a sign-up and an organization', async () => {
  await writeFile(
    join(project, 'app.mjs'),
    `import { createClient, HealthopsError } from '@healthops/client';
const anonymous = createClient({ baseUrl: process.argv[2] });
const account = await anonymous.auth.signUp({ email: 'integrator-' + Date.now() + '@example.com', password: 'a good password' });
const client = createClient({ baseUrl: process.argv[2], token: account.accessToken });
const { item } = await client.organizations.create({ name: 'Packaged Clinic', slug: 'packaged-' + Date.now(), type: 'clinic' });
const refused = await client.organizations.getById({ id: 'no-such-organization' }).catch((error) => error);
console.log(JSON.stringify({ name: item.name, error: refused instanceof HealthopsError ? refused.code : String(refused) }));
`,
  );
  const { stdout } = await run(process.execPath, ['--no-experimental-strip-types', 'app.mjs', baseUrl], { cwd: project });
  assert.deepEqual(JSON.parse(stdout), { name: 'Packaged Clinic', error: 'NOT_FOUND' });
});

test('its declarations type-check in a TypeScript project that depends on it', async () => {
  await writeFile(
    join(project, 'use.ts'),
    `import { createClient, type Output } from '@healthops/client';
const client = createClient({ baseUrl: 'http://127.0.0.1:1' });
export const named: Promise<string> = client.organizations.create({ name: 'A', slug: 'a', type: 'clinic' }).then(({ item }) => item.name);
export type Me = Output<'/api/auth/me'>;
// a membership always names its organization (the platform record is apart, in \`platform\`)
export const organizationIds = (me: Me): string[] => me.memberships.map((m) => m.organizationId);
// @ts-expect-error: an operation the service does not have
client.appointments.checkin({});
`,
  );
  const options = { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: [], noEmit: true };
  await writeFile(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['use.ts'] }));
  const checked = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: project }).then(
    () => '',
    (error: { stdout?: string; message?: string }) => error.stdout || error.message || 'tsc failed',
  );
  assert.equal(checked, '', 'tsc type-checks a project that depends on the installed client');
});
