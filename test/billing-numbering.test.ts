import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { billingKit } from '../src/namespaces/billing/billing.testkit.ts';
import { newId } from '../src/values/ids.ts';
import { createTestApp } from './harness.ts';
import { api, freshPostgresDatabase, scratchDir, startService, type HttpAnswer } from './service-process.ts';

/**
 * Issue 27's "done when": invoices issued at once through several service processes on one
 * database are numbered 1..n in their series, with no gap and no number twice (billing.numbering.ts
 * takeNumber). PostgreSQL: three processes. SQLite: one process (several service processes on one
 * SQLite file are not a supported set-up, docs/appointments.md), all requests in flight together.
 */

interface Prepared {
  organizationId: string;
  admissionIds: string[];
  token: string;
}

/**
 * An organization with `count` admissions of one charge each, in the database at `url`: the first
 * admission and its charge through the API (so the rows have the shapes the operations write),
 * the others copies of those two rows with their own ids.
 */
async function prepare(url: string, count: number): Promise<Prepared> {
  const database = openDatabase(url);
  await migrateToLatest(database.db);
  const app = await createTestApp(database.dialect, { database });
  try {
    const b = billingKit(() => app);
    const h = await b.gstHospital({ taxRegime: 'none', invoicePrefix: 'GAP', billOfSupplyPrefix: 'GAP' });
    const first = await b.admissionWith(h, [{ price: 100, taxPercent: 0 }]);
    const db = database.db;
    const admission = await db.selectFrom('admissions').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
    const charge = await db.selectFrom('admissionCharges').selectAll().where('admissionId', '=', first).executeTakeFirstOrThrow();
    const copies = Array.from({ length: count - 1 }, () => newId());
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('admissions').values(copies.map((id) => ({ ...admission, id, bedId: null }))).execute();
      await tx.insertInto('admissionCharges').values(copies.map((admissionId) => ({ ...charge, id: newId(), admissionId }))).execute();
    });
    return { organizationId: h.organizationId, admissionIds: [first, ...copies], token: h.accountant.token };
  } finally {
    await app.close();
    await database.close();
  }
}

/** Sends each process its share of the requests, `perProcess` of them in flight at a time. */
async function issueAll(bases: string[], prepared: Prepared, perProcess: number): Promise<HttpAnswer[]> {
  const shares = bases.map((base, i) => ({ base, ids: prepared.admissionIds.filter((_, k) => k % bases.length === i) }));
  const answers = await Promise.all(
    shares.map(async ({ base, ids }) => {
      const out: HttpAnswer[] = [];
      let next = 0;
      const worker = async () => {
        while (next < ids.length) {
          const admissionId = ids[next++]!;
          out.push(await api(base, 'billing', 'issueInvoice', { organizationId: prepared.organizationId, admissionId }, prepared.token));
        }
      };
      await Promise.all(Array.from({ length: perProcess }, worker));
      return out;
    }),
  );
  return answers.flat();
}

function assertGapless(answers: HttpAnswer[], count: number): void {
  const failed = answers.filter((a) => a.status !== 200);
  assert.equal(failed.length, 0, `every invoice issued; first failure: ${JSON.stringify(failed[0]?.body)}`);
  const items = answers.map((a) => a.body.data.item as { sequence: number; number: string; source: unknown });
  const sequences = items.map((item) => item.sequence).sort((x, y) => x - y);
  assert.deepEqual(sequences, Array.from({ length: count }, (_, i) => i + 1), 'the numbers are 1..n');
  assert.equal(new Set(items.map((item) => item.number)).size, count, 'no number twice');
}

/** Starts `processes` services on `url`, issues an invoice of every admission through them, and stops them. */
async function issueThroughProcesses(url: string, prepared: Prepared, processes: number, perProcess: number): Promise<HttpAnswer[]> {
  const env = { DATABASE_URL: url, MIGRATE_ON_START: 'false', DATABASE_POOL_SIZE: '6', LOG_LEVEL: 'warn' };
  const services = Array.from({ length: processes }, () => startService(env));
  try {
    const bases = await Promise.all(services.map(async (s) => (await s.started).base));
    const answers = await issueAll(bases, prepared, perProcess);
    for (const service of services) assert.equal(await service.stop(), 0);
    return answers;
  } finally {
    for (const service of services) service.child.kill('SIGKILL');
  }
}

/** The stored documents and counter agree with the answers: n documents, one per admission, the counter at n. */
async function assertStored(url: string, prepared: Prepared, count: number): Promise<void> {
  const database = openDatabase(url);
  try {
    const db = database.db;
    const documents = await db.selectFrom('billingDocuments').select(['sequence', 'sourceId']).where('organizationId', '=', prepared.organizationId).execute();
    assert.equal(documents.length, count);
    assert.equal(new Set(documents.map((d) => d.sourceId)).size, count, 'one invoice per admission');
    assert.deepEqual(documents.map((d) => Number(d.sequence)).sort((x, y) => x - y), Array.from({ length: count }, (_, i) => i + 1));
    const counters = await db.selectFrom('billingCounters').select(['series', 'lastSequence']).where('organizationId', '=', prepared.organizationId).execute();
    assert.deepEqual(counters.map((c) => [c.series, Number(c.lastSequence)]), [['GAP', count]]);
  } finally {
    await database.close();
  }
}

test(
  'three processes on one PostgreSQL issue 300 invoices at once: numbers 1..300, no gap, none twice',
  { skip: process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL not set', timeout: 120_000 },
  async () => {
    const database = await freshPostgresDatabase();
    try {
      const prepared = await prepare(database.url, 300);
      const answers = await issueThroughProcesses(database.url, prepared, 3, 30);
      assert.equal(answers.length, 300);
      assertGapless(answers, 300);
      await assertStored(database.url, prepared, 300);
    } finally {
      await database.drop();
    }
  },
);

test('one process on SQLite issues 200 invoices at once: numbers 1..200, no gap, none twice', { timeout: 120_000 }, async () => {
  const url = `sqlite:${join(scratchDir(), 'numbering.db')}`;
  const prepared = await prepare(url, 200);
  const answers = await issueThroughProcesses(url, prepared, 1, 200);
  assert.equal(answers.length, 200);
  assertGapless(answers, 200);
  await assertStored(url, prepared, 200);
});
