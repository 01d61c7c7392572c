import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { describeEachDialect, ok, type TestApp } from '../../../test/harness.ts';
import { refusing, type Refusal } from '../../../test/refusing.ts';
import { JobRunner, type JobDefinition } from '../../background/runner.ts';
import { createServices } from '../../providers/index.ts';
import { autoNoShow, followUps, lapsedHolds, reminders } from './appointments.jobs.ts';
import { appointments, bookAt, booking, clinic, organization, patient, type Clinic } from './appointments.testkit.ts';

/** Asia/Kolkata is UTC+05:30, no daylight saving: local 2030-03-04 10:00 is 04:30 UTC. */
const at = (local: string) => Date.parse(`${local}:00+05:30`);
let clock = at('2030-03-01T09:00');

function run(t: TestApp, ...jobs: JobDefinition[]): Promise<string[]> {
  const runner = new JobRunner({ database: t.database, config: t.config, services: createServices(t.config, t.app.log), log: t.app.log, jobs, now: () => clock });
  return runner.runDue();
}

describeEachDialect(
  'appointments: the jobs (reminders, automatic no-show, lapsed holds, follow-ups)',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => appointments(t())(apiName, data);
    let c: Clinic;
    const notes = async (appointmentId: string, type: string) =>
      (await t().database.db.selectFrom('notifications').select(['recipientIdpUserId', 'message']).where('relatedEntityId', '=', appointmentId).where('type', '=', type).execute()).map((r) => ({ ...r }));
    /** Each test runs its jobs at times later than the last one's, since the jobs' schedule is shared. */
    let day = 3;
    const nextDay = () => `2030-03-${String(++day * 2).padStart(2, '0')}`;

    before(async () => {
      c = await clinic(t(), { org: await organization(t(), { timezone: 'Asia/Kolkata' }) });
    });

    test('reminders go 24 h and 1 h before, once each, on the organization\'s clock, to a patient with an account only', async () => {
      const date = nextDay();
      const prior = new Date(Date.parse(date) - 86_400_000).toISOString().slice(0, 10);
      const linked = ok(await call('create', booking(c, { patientId: c.signedPatient.id, scheduledDate: date, scheduledTime: '10:00' }))).item;
      const unlinked = ok(await call('create', booking(c, { scheduledDate: date, scheduledTime: '11:00' }))).item;
      clock = at(`${prior}T09:59`);
      await run(t(), reminders);
      assert.deepEqual(await notes(linked.id, 'appointment_reminder'), [], '24 h and 1 minute ahead: not yet');
      clock = at(`${prior}T10:00`) + 60_000;
      await run(t(), reminders);
      clock += 60_000;
      await run(t(), reminders);
      const first = await notes(linked.id, 'appointment_reminder');
      assert.equal(first.length, 1);
      assert.equal(first[0]!.recipientIdpUserId, c.signedPatient.idpUserId);
      assert.match(first[0]!.message, new RegExp(`${date} at 10:00 \\(in about 24 h\\)`));
      clock = at(`${date}T09:05`);
      await run(t(), reminders);
      clock += 60_000;
      await run(t(), reminders);
      assert.equal((await notes(linked.id, 'appointment_reminder')).length, 2);
      clock = at(`${date}T10:05`);
      await run(t(), reminders);
      assert.equal((await notes(linked.id, 'appointment_reminder')).length, 2, 'begun: nothing more');
      assert.equal((await notes(unlinked.id, 'appointment_reminder')).length, 0);
      const marked = await t().database.db.selectFrom('appointmentReminders').select('offsetMinutes').where('appointmentId', '=', unlinked.id).execute();
      assert.equal(marked.length, 2, 'the unlinked patient\'s appointment is passed over, once per offset');
    });

    test('a visit nobody checked in becomes a no-show after the grace period; checked-in and recent ones stay', async () => {
      const date = nextDay();
      const missed = ok(await call('create', booking(c, { patientId: await patient(t(), c.org), scheduledDate: date, scheduledTime: '09:00', duration: 30 }))).item;
      const came = ok(await call('create', booking(c, { patientId: await patient(t(), c.org), scheduledDate: date, scheduledTime: '10:00', duration: 30 }))).item;
      const recent = ok(await call('create', booking(c, { patientId: await patient(t(), c.org), scheduledDate: date, scheduledTime: '11:00', duration: 30, status: 'confirmed' }))).item;
      clock = at(`${date}T09:55`);
      ok(await call('checkIn', { id: came.id, organizationId: c.org }));
      clock = at(`${date}T11:45`);
      await run(t(), autoNoShow);
      const stage = async (id: string) => ok(await call('getById', { id, organizationId: c.org })).item;
      const gone = await stage(missed.id);
      assert.equal(gone.status, 'no_show');
      assert.match(gone.history.at(-1).reason, /automatic/);
      assert.equal(gone.history.at(-1).by, null);
      assert.equal((await stage(came.id)).status, 'checked_in');
      assert.equal((await stage(recent.id)).status, 'confirmed', '45 minutes after its end: within the 60 minutes of grace');
    });

    /**
     * Runs `job` while the database refuses one appointment's row (`on`), then again a `step` later
     * once it does not: the other is acted on at once and the refused one at the next run, each once.
     */
    async function oneRefusedThenRetried(job: JobDefinition, on: Omit<Refusal, 'value'>, ids: { refused: string; other: string }, acted: (id: string) => Promise<number>, step: number) {
      await refusing(t(), { ...on, value: ids.refused }, async () => {
        await run(t(), job);
        assert.ok((await acted(ids.other)) > 0, 'the other is acted on although the refused one failed');
        assert.equal(await acted(ids.refused), 0, 'the refused one is undone whole');
      });
      const once = await acted(ids.other);
      clock += step;
      await run(t(), job);
      assert.equal(await acted(ids.refused), once, 'tried again at the next run');
      assert.equal(await acted(ids.other), once, 'the other not again');
    }

    test('an automatic no-show that fails is tried again at the next run, and does not undo or hold back the others', async () => {
      const date = nextDay();
      const refused = ok(await call('create', booking(c, { patientId: await patient(t(), c.org), scheduledDate: date, scheduledTime: '08:00', duration: 30 }))).item;
      const other = ok(await call('create', booking(c, { patientId: await patient(t(), c.org), scheduledDate: date, scheduledTime: '09:00', duration: 30 }))).item;
      const noShow = async (id: string) => (ok(await call('getById', { id, organizationId: c.org })).item.status === 'no_show' ? 1 : 0);
      clock = at(`${date}T11:45`);
      await oneRefusedThenRetried(autoNoShow, { table: 'appointments', change: 'update', column: 'id' }, { refused: refused.id, other: other.id }, noShow, 15 * 60_000);
    });

    test('a reminder that fails is sent at the next run, once; the others are sent', async () => {
      const date = nextDay();
      const refused = ok(await call('create', booking(c, { patientId: c.signedPatient.id, scheduledDate: date, scheduledTime: '10:00' }))).item;
      const other = ok(await call('create', booking(c, { patientId: c.signedPatient.id, scheduledDate: date, scheduledTime: '10:30' }))).item;
      clock = at(`${date}T09:45`);
      const reminded = async (id: string) => (await notes(id, 'appointment_reminder')).length;
      await oneRefusedThenRetried(reminders, { table: 'appointmentReminders', change: 'insert', column: 'appointmentId' }, { refused: refused.id, other: other.id }, reminded, 60_000);
      assert.equal(await reminded(other.id), 2, '24 h and 1 h');
    });

    test('a follow-up notice that fails is told at the next run; the others are told', async () => {
      const date = nextDay();
      clock = at(`${date}T08:00`);
      const refused = await bookAt(t(), booking(c, { patientId: c.signedPatient.id, scheduledDate: '2030-02-02', scheduledTime: '12:00', followUpDate: date }), 'completed');
      const other = await bookAt(t(), booking(c, { patientId: c.signedPatient.id, scheduledDate: '2030-02-02', scheduledTime: '13:00', followUpDate: date }), 'completed');
      const told = async (id: string) => (await notes(id, 'appointment_follow_up')).length;
      await oneRefusedThenRetried(followUps, { table: 'appointments', change: 'update', column: 'id' }, { refused: refused.id, other: other.id }, told, 16 * 60_000);
    });

    test('a lapsed hold that fails is acted on at the next run; the others at once', async () => {
      const date = nextDay();
      clock = at(`${date}T06:00`);
      const refused = ok(await call('createPending', booking(c, { patientId: await patient(t(), c.org), scheduledDate: date, scheduledTime: '16:00' }))).item;
      const other = ok(await call('createPending', booking(c, { patientId: await patient(t(), c.org), scheduledDate: date, scheduledTime: '17:00' }))).item;
      const lapsed = async (id: string) => ((await t().database.db.selectFrom('appointments').select('holdLapsedAt').where('id', '=', id).executeTakeFirstOrThrow()).holdLapsedAt === null ? 0 : 1);
      clock = Math.max(refused.holdExpiresAt, other.holdExpiresAt) + 1;
      await oneRefusedThenRetried(lapsedHolds, { table: 'appointments', change: 'update', column: 'id' }, { refused: refused.id, other: other.id }, lapsed, 60_000);
    });

    test('a lapsed hold is acted on once: its time goes to the first waiter', async () => {
      const date = nextDay();
      clock = at(`${date}T06:00`);
      const hold = ok(await call('createPending', booking(c, { patientId: await patient(t(), c.org), scheduledDate: date, scheduledTime: '15:00' }))).item;
      const waiter = ok(await call('joinWaitlist', { organizationId: c.org, doctorId: c.doctor.userId, patientId: c.signedPatient.id, date, duration: 30, type: 'consultation' })).item;
      clock = hold.holdExpiresAt + 1;
      await run(t(), lapsedHolds);
      const entry = ok(await call('listWaitlist', { organizationId: c.org, date })).items.find((e: { id: string }) => e.id === waiter.id);
      assert.equal(entry.status, 'offered');
      const offered = ok(await call('getById', { id: entry.appointmentId, organizationId: c.org })).item;
      assert.deepEqual([offered.scheduledTime, offered.status, offered.patientId], ['15:00', 'pending', c.signedPatient.id]);
      const lapsed = await t().database.db.selectFrom('appointments').select('holdLapsedAt').where('id', '=', hold.id).executeTakeFirstOrThrow();
      assert.equal(Number(lapsed.holdLapsedAt), clock);
    });

    test('a follow-up that has come is told once to the patient, and followUpNotificationSent is set', async () => {
      const date = nextDay();
      clock = at(`${date}T08:00`);
      const visit = await bookAt(t(), booking(c, { patientId: c.signedPatient.id, scheduledDate: '2030-02-01', scheduledTime: '12:00', followUpDate: date }), 'completed');
      const later = await bookAt(t(), booking(c, { patientId: c.signedPatient.id, scheduledDate: '2030-02-01', scheduledTime: '13:00', followUpDate: '2031-01-01' }), 'completed');
      await run(t(), followUps);
      clock += 16 * 60_000;
      await run(t(), followUps);
      assert.equal((await notes(visit.id, 'appointment_follow_up')).length, 1);
      assert.equal(ok(await call('getById', { id: visit.id, organizationId: c.org })).item.followUpNotificationSent, true);
      assert.equal((await notes(later.id, 'appointment_follow_up')).length, 0);
    });
  },
  { services: { now: () => clock } },
);
