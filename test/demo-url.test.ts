import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { DEMO_PASSWORD } from '../scripts/demo-data.ts';
import { api, freshPostgresDatabase, scratchDir, startService } from './service-process.ts';

/** A server holding a free port of every interface (PORT=0 picks it). */
async function holdPort(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '0.0.0.0', done));
  const address = server.address();
  assert.ok(address !== null && typeof address !== 'string');
  return { server, port: address.port };
}

const closed = (server: Server) => new Promise<void>((done) => server.close(() => done()));

const databases = [
  { dialect: 'sqlite', open: async () => ({ url: `sqlite:${join(scratchDir(), 'demo.db')}`, drop: async () => {} }) },
  ...(process.env.TEST_DATABASE_URL ? [{ dialect: 'postgres', open: freshPostgresDatabase }] : []),
];

describe('npm run demo serves what it filled, at the address it prints', () => {
  for (const database of databases) {
    test(`[${database.dialect}] a port in use stops it before any demo data is written; on a free port of every interface it prints the loopback address of that port, which serves the demo`, async () => {
      const { url, drop } = await database.open();
      const { server, port } = await holdPort();
      try {
        const refused = startService({ DATABASE_URL: url, PORT: String(port), HOST: '0.0.0.0' }, { entry: 'scripts/demo.ts' });
        assert.equal(await refused.exited, 2, refused.lines.join('\n'));
        assert.match(refused.lines.join('\n'), new RegExp(`port ${port} of 0\\.0\\.0\\.0 is in use`));

        await closed(server);
        const demo = startService({ DATABASE_URL: url, PORT: String(port), HOST: '0.0.0.0' }, { entry: 'scripts/demo.ts' });
        try {
          const [, base] = await demo.lineMatching(/^Serving the demo at (\S+): open (\S+)\/docs /);
          assert.equal(base, `http://127.0.0.1:${port}`, 'the port bound, at an address that can be opened (not 0.0.0.0, not the default 3000)');
          assert.equal((await fetch(`${base}/docs/`)).status, 200);
          const login = await api(base, 'auth', 'login', { email: 'front.desk@riverside.demo', password: DEMO_PASSWORD });
          assert.equal(login.status, 200, 'the service there holds the demo, filled in this run (nothing by the refused one)');
        } finally {
          assert.equal(await demo.stop(), 0, demo.lines.join('\n'));
        }
      } finally {
        if (server.listening) await closed(server);
        await drop();
      }
    });
  }
});
