import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { chooseScenarios, firstFreeDay, firstUnbilledAdmission } from '../bench/scenarios.ts';
import { CHARGES_PER_ADMISSION, ensureSeeded, readMeta, topUpAdmissions } from '../bench/seed.ts';
import { openDatabase } from '../src/db/database.ts';
import { dateOfDay } from '../src/time/local-minutes.ts';
import { tokenFor } from './builders.ts';
import { createTestApp, ok } from './harness.ts';

// The benchmark's seed writes rows shaped by hand; a column added to a table without the seed
// following makes `npm run bench` fail. Seeding a tiny database here keeps the two in step.
const dir = mkdtempSync(join(tmpdir(), 'healthops-seed-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('the benchmark seed matches the schema (a tiny SQLite seed completes)', async () => {
  const path = join(dir, 'bench.db');
  const target = { kind: 'sqlite' as const, path, serviceUrl: `sqlite:${path}` };
  const { meta, seeded } = await ensureSeeded(target, { reseed: true, scale: 0.001 });
  assert.equal(seeded, true);
  assert.ok(meta.counts.appointments! > 0 && meta.counts.notifications! > 0);
  assert.deepEqual((await readMeta(target))?.counts, meta.counts);
});

test("the seeded admissions are billed by billing.issueInvoice: a tax invoice of every charge, and the invoice scenario moves past it", async () => {
  const path = join(dir, 'invoice.db');
  const target = { kind: 'sqlite' as const, path, serviceUrl: `sqlite:${path}` };
  const { meta } = await ensureSeeded(target, { reseed: true, scale: 0.001 });
  const ids = meta.invoiceAdmissionIds ?? [];
  assert.ok(ids.length >= 2);
  const app = await createTestApp('sqlite', { database: openDatabase(target.serviceUrl) });
  try {
    const db = app.database.db;
    const charges = await db.selectFrom('admissionCharges').select((eb) => eb.fn.countAll<number>().as('n')).where('admissionId', '=', ids[0]!).executeTakeFirstOrThrow();
    assert.equal(Number(charges.n), CHARGES_PER_ADMISSION);
    const answer = await app.call('billing', 'issueInvoice', { organizationId: meta.bigOrganizationId, admissionId: ids[0] }, { token: await tokenFor(app, meta.adminIdpUserId) });
    const invoice = ok(answer).item;
    assert.equal(invoice.kind, 'TAX_INVOICE');
    assert.equal(invoice.sequence, 1);
    assert.equal(invoice.lines.length, CHARGES_PER_ADMISSION);
    assert.ok(invoice.totals.cgst > 0 && invoice.totals.cgst === invoice.totals.sgst && invoice.totals.igst === 0, 'within Karnataka: CGST + SGST');

    const state = { meta, nextDay: 0, nextAdmission: await firstUnbilledAdmission(db, meta) };
    assert.equal(state.nextAdmission, 1, 'the scenario starts after the billed admission');
    const made = chooseScenarios('invoice')[0]!.body(state);
    assert.ok(!made.lua.includes(ids[0]!) && made.lua.includes(ids[1]!));
  } finally {
    await app.close();
    await app.database.close();
  }
});

test('when runs have billed most seeded admissions, more are seeded (with their charges) and kept in the meta', async () => {
  const path = join(dir, 'top-up.db');
  const target = { kind: 'sqlite' as const, path, serviceUrl: `sqlite:${path}` };
  const { meta } = await ensureSeeded(target, { reseed: true, scale: 0.001 });
  const seeded = [...(meta.invoiceAdmissionIds ?? [])];
  await topUpAdmissions(target, meta, 10, 10, 3);
  assert.deepEqual(meta.invoiceAdmissionIds, seeded, 'enough left: nothing added');
  await topUpAdmissions(target, meta, 9, 10, 3);
  const added = (meta.invoiceAdmissionIds ?? []).slice(seeded.length);
  assert.equal(added.length, 3);
  assert.deepEqual((await readMeta(target))?.invoiceAdmissionIds, meta.invoiceAdmissionIds);
  const database = openDatabase(target.serviceUrl);
  try {
    const rows = await database.db.selectFrom('admissionCharges').select('admissionId').where('admissionId', 'in', added).execute();
    assert.equal(rows.length, 3 * CHARGES_PER_ADMISSION);
    const admissions = await database.db.selectFrom('admissions').select(['organizationId', 'stage']).where('id', 'in', added).execute();
    assert.deepEqual(admissions.map((a) => [a.organizationId, a.stage]), added.map(() => [meta.bigOrganizationId, 'ADMITTED']));
  } finally {
    await database.close();
  }
});

test("the clinic's schedules end before the create scenario's first day: a big organization's doctor is booked there at any hour", async () => {
  const path = join(dir, 'clinic.db');
  const target = { kind: 'sqlite' as const, path, serviceUrl: `sqlite:${path}` };
  const { meta } = await ensureSeeded(target, { reseed: true, scale: 0.001 });
  const app = await createTestApp('sqlite', { database: openDatabase(target.serviceUrl) });
  try {
    const db = app.database.db;
    await chooseScenarios('findSlots-clinic')[0]!.prepare!(db, meta);
    const day = await firstFreeDay(db);
    const triple = meta.createTriples.find((t) => t.organizationId === meta.bigOrganizationId && t.doctorId !== meta.scheduledDoctorId)!;
    const schedule = await db.selectFrom('practitionerSchedules').select(['validTo', 'weeklyHours']).where('doctorId', '=', triple.doctorId).executeTakeFirstOrThrow();
    assert.ok(schedule.validTo! < dateOfDay(day), 'the schedule ends before the first free day');
    const answer = await app.call(
      'appointments',
      'create',
      { ...triple, scheduledDate: dateOfDay(day), scheduledTime: '01:00', duration: 30, type: 'consultation' },
      { token: await tokenFor(app, meta.adminIdpUserId) },
    );
    assert.equal(ok(answer).item.scheduledTime, '01:00', 'outside the clinic hours of 09:00-17:00, as the create scenario books');
  } finally {
    await app.close();
    await app.database.close();
  }
});
