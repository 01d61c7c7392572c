/**
 * Baseline 2, the ceiling of storage: getById's read (the statement Kysely sends for it) as one
 * prepared statement on the same database, without HTTP, in a loop for the given time.
 * SQLite: one connection, synchronous calls (as the service has one). PostgreSQL: a pool of 10 (the
 * service's) with 50 reads in flight (wrk's connections). Prints `BENCHJSON {"reads":n,"seconds":s}`.
 * Usage: node bench/storage-baseline.ts <DATABASE_URL> <seconds> <samples.json>
 */
import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';

const [url, secondsText, samplesPath] = process.argv.slice(2);
if (!url || !secondsText || !samplesPath) throw new Error('usage: storage-baseline.ts <DATABASE_URL> <seconds> <samples.json>');
const seconds = Number(secondsText);
const samples = JSON.parse(readFileSync(samplesPath, 'utf8')) as [string, string][];
const SQL = 'select * from "appointments" where "organizationId" = ? and "id" = ?';

let reads = 0;
const started = performance.now();
const until = started + seconds * 1000;

if (url.startsWith('sqlite:')) {
  const db = new DatabaseSync(url.slice('sqlite:'.length));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA busy_timeout = 5000');
  const stmt = db.prepare(SQL);
  while (performance.now() < until) {
    for (let k = 0; k < 256; k++) {
      const [org, id] = samples[reads % samples.length]!;
      if (!stmt.get(org, id)) throw new Error(`no appointment ${id}`);
      reads++;
    }
  }
  db.close();
} else {
  const INT8 = 20;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown => (oid === INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser },
  });
  let next = 0;
  const text = 'select * from "appointments" where "organizationId" = $1 and "id" = $2';
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (performance.now() < until) {
        const [org, id] = samples[next++ % samples.length]!;
        const { rows } = await pool.query({ name: 'appointments.getById', text, values: [org, id] });
        if (!rows[0]) throw new Error(`no appointment ${id}`);
        reads++;
      }
    }),
  );
  await pool.end();
}
const elapsed = (performance.now() - started) / 1000;
console.log(`BENCHJSON ${JSON.stringify({ reads, seconds: elapsed })}`);
