import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CompiledQuery, type RawBuilder } from 'kysely';
import { createTestApp, describeEachDialect, ok, type TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/database.ts';
import { dateOfDay, dayOfMinute, daysWindow, dayStartMinute, localNow, MINUTES_PER_DAY, timeOfDay, type Interval } from '../../time/local-minutes.ts';
import { byStart, freeOf } from '../../time/slot-grid.ts';
import { addDays } from '../../time/zone.ts';
import { merged, schedulesIn, slotsOn, type DoctorSchedule } from '../practitionerSchedules/practitionerSchedules.public.ts';
import { schedule, schedules } from '../practitionerSchedules/practitionerSchedules.testkit.ts';
import { appointments, bookAt, booking, clinic, doctor, organization, patient } from './appointments.testkit.ts';
import { takenQueries, unavailableIn } from './appointments.slots.ts';

/** Wednesday 2030-03-27 10:17 in Berlin (UTC+1): the week holds the spring-forward Sunday 2030-03-31. */
const NOW = Date.UTC(2030, 2, 27, 9, 17);

interface Slot {
  doctorId: string;
  date: string;
  time: string;
  duration: number;
}

/**
 * findSlots as it was computed before issue 29 (a grid of local-minute intervals per day from
 * slotsOn, the doctor's reserved and busy time read doctor by doctor, freeOf, then the answer's
 * strings, sorted by date, time and doctor): the reference the faster path must agree with.
 */
async function referenceSlots(db: Db, c: { org: string; timeZone: string; allowOverlap: boolean }, owned: readonly DoctorSchedule[], from: string, to: string, wanted?: number): Promise<Slot[]> {
  const window = daysWindow(from, to);
  const { nowMinute } = localNow(c.timeZone, NOW);
  const items: Slot[] = [];
  for (const [doctorId, own] of Map.groupBy(owned, (s) => s.doctorId)) {
    const grid: Interval[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) {
      const day = dayStartMinute(date);
      const onDay: Interval[] = [];
      for (const s of own) {
        const length = wanted ?? s.slotMinutes;
        for (const start of slotsOn(s, date, c.timeZone, length)) onDay.push({ start: day + start, end: day + start + length });
      }
      grid.push(...byStart(onDay));
    }
    const { reserved, busy } = await unavailableIn(db, { organizationId: c.org, id: doctorId }, window, NOW, c.allowOverlap);
    for (const slot of freeOf(grid, merged([...reserved, ...busy]), nowMinute)) {
      const day = dayOfMinute(slot.start);
      items.push({ doctorId, date: dateOfDay(day), time: timeOfDay(slot.start - day * MINUTES_PER_DAY), duration: slot.end - slot.start });
    }
  }
  return items.sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.doctorId.localeCompare(b.doctorId));
}

/** A small deterministic generator (the same busy week on every run). */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return { int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

/**
 * The slot search reads every doctor's schedules, reserved blocks and bookings in a few
 * statements and walks a grid computed once per schedule and weekday: over a busy seeded week,
 * with several schedules per doctor, leave, extra sessions, validity bounds, a clock change,
 * holds, cancellations and reserved blocks, it answers exactly what the per-day computation did.
 */
describeEachDialect(
  'appointments.findSlots: the same answers as the per-day computation over a busy week',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => appointments(t())(apiName, data);

    /** Doctors of a Berlin clinic with overlapping schedules, some for a service, booked and blocked at random. */
    async function busyClinic(settings: Record<string, unknown> = {}) {
      const c = await clinic(t(), { org: await organization(t(), { timezone: 'Europe/Berlin', ...settings }) });
      const service = ok(await t().call('services', 'create', { organizationId: c.org, name: 'Consult', category: 'consultation', price: 500 })).item.id as string;
      const b = await doctor(t(), c.org);
      const d = await doctor(t(), c.org);
      const every = [0, 1, 2, 3, 4, 5, 6];
      const created = [
        schedule(c.org, c.doctor.userId, {
          slotMinutes: 30,
          weeklyHours: every.flatMap((weekday) => [{ weekday, startTime: '08:00', endTime: '12:00' }, { weekday, startTime: '13:00', endTime: '17:30' }]),
          exceptions: [
            { kind: 'leave', dateFrom: '2030-03-28', startTime: '10:10', endTime: '11:00' },
            { kind: 'leave', dateFrom: '2030-04-02', dateTo: '2030-04-03' },
            { kind: 'extra', dateFrom: '2030-03-30', startTime: '00:30', endTime: '04:00' },
            { kind: 'extra', dateFrom: '2030-03-31', startTime: '00:30', endTime: '04:00' },
          ],
        }),
        schedule(c.org, c.doctor.userId, { serviceId: service, slotMinutes: 45, weeklyHours: every.map((weekday) => ({ weekday, startTime: '10:00', endTime: '14:00' })) }),
        schedule(c.org, b.userId, { serviceId: service, slotMinutes: 20, weeklyHours: every.map((weekday) => ({ weekday, startTime: '00:00', endTime: '24:00' })) }),
        schedule(c.org, d.userId, { slotMinutes: 60, validFrom: '2030-03-29', validTo: '2030-04-01', weeklyHours: every.map((weekday) => ({ weekday, startTime: '01:00', endTime: '05:00' })) }),
        schedule(c.org, d.userId, { serviceId: service, slotMinutes: 15, validTo: '2030-03-28', weeklyHours: [{ weekday: 4, startTime: '09:00', endTime: '11:00' }] }),
      ];
      for (const body of created) ok(await schedules(t())('create', body));
      const rnd = generator(29);
      const patients = [c.patient, ...(await Promise.all([1, 2, 3, 4, 5].map(() => patient(t(), c.org))))];
      const doctors = [c.doctor.userId, b.userId, d.userId];
      let booked = 0;
      for (let k = 0; k < 90; k++) {
        const at = { doctorId: rnd.pick(doctors), patientId: rnd.pick(patients), scheduledDate: addDays('2030-03-27', rnd.int(8)) };
        const minute = 5 * rnd.int(288);
        const data = booking(c, { ...at, scheduledTime: timeOfDay(minute), duration: rnd.pick([10, 15, 30, 45, 60, 90]) });
        const kind = rnd.int(10);
        const answer = kind < 2 ? await call('createPending', data) : kind < 3 ? await call('createReservedSlotByDoctor', { doctorId: at.doctorId, slotDate: at.scheduledDate, startTime: [timeOfDay(minute)], endTime: [timeOfDay(Math.min(minute + 25, 1440))] }) : await call('create', data);
        if (answer.statusCode === 200) booked++;
        if (answer.statusCode === 200 && kind === 9) await bookAt(t(), { ...data, scheduledDate: addDays(at.scheduledDate, 10) }, 'cancelled').catch(() => undefined);
      }
      // Cancelled visits free their time: some on the days searched.
      for (const date of ['2030-03-28', '2030-03-29']) await bookAt(t(), booking(c, { scheduledDate: date, scheduledTime: '16:00', duration: 30 }), 'cancelled').catch(() => undefined);
      return { c, service, doctors, booked, timeZone: 'Europe/Berlin' };
    }

    async function compare(clinicOf: Awaited<ReturnType<typeof busyClinic>>, allowOverlap: boolean) {
      const { c, service, doctors, timeZone } = clinicOf;
      const ref = { org: c.org, timeZone, allowOverlap };
      const db = t().database.db;
      let slots = 0;
      for (const [from, to] of [['2030-03-27', '2030-04-02'], ['2030-03-31', '2030-03-31'], ['2030-03-20', '2030-04-19']] as const) {
        for (const wanted of [undefined, 15, 60]) {
          const duration = wanted === undefined ? {} : { duration: wanted };
          for (const doctorId of doctors) {
            const own = await schedulesIn(db, c.org, { doctorId }, from, to);
            const answer = ok(await call('findSlots', { organizationId: c.org, doctorId, dateFrom: from, dateTo: to, ...duration })).items;
            assert.deepEqual(answer, await referenceSlots(db, ref, own, from, to, wanted), `${doctorId} ${from}..${to} ${String(wanted)}`);
            const withService = await schedulesIn(db, c.org, { doctorId, serviceId: service }, from, to);
            const answered = ok(await call('findSlots', { organizationId: c.org, doctorId, serviceId: service, dateFrom: from, dateTo: to, ...duration })).items;
            assert.deepEqual(answered, await referenceSlots(db, ref, withService, from, to, wanted));
            slots += answer.length;
          }
          const byService = await schedulesIn(db, c.org, { serviceId: service }, from, to);
          const answer = ok(await call('findSlots', { organizationId: c.org, serviceId: service, dateFrom: from, dateTo: to, ...duration })).items;
          assert.deepEqual(answer, await referenceSlots(db, ref, byService, from, to, wanted));
          assert.ok(new Set(answer.map((s: Slot) => s.doctorId)).size >= 2, 'several doctors in one answer');
        }
      }
      return slots;
    }

    test('one doctor, a doctor and a service, every doctor of a service; 1, 7 and 31 days; each schedule\'s length and a length asked', async () => {
      const busy = await busyClinic();
      assert.ok(busy.booked > 30, `a busy week (${busy.booked} bookings and blocks)`);
      assert.ok((await compare(busy, false)) > 1000);
    });

    test('an organization that lets appointments overlap: only reserved blocks, leave and the past take slots', async () => {
      const busy = await busyClinic({ settings: { allowOverlappingAppointments: true } });
      await compare(busy, true);
    });
  },
  { services: { now: () => NOW } },
);


/** The two statements of a slot search read the doctors' index, one bounded range per doctor, however many doctors are asked. */
describe('appointments.findSlots: query plans [sqlite]', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp('sqlite', { services: { now: () => NOW } });
  });
  after(async () => {
    await app.close();
  });

  test('reserved blocks and active appointments of one doctor or of many: the doctor index over the window', async () => {
    const db = app.database.db;
    const plan = async (query: RawBuilder<unknown>) => {
      const compiled = query.compile(db);
      return (await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]))).rows.map((r) => r.detail);
    };
    for (const doctors of [['doc'], ['doc-1', 'doc-2', 'doc-3']]) {
      const { reserved, busy } = takenQueries(db, 'org', doctors, daysWindow('2030-03-04', '2030-03-10'), NOW);
      assert.deepEqual(await plan(busy), [`SEARCH appointments USING INDEX appointments_doctor_start_id (doctorId=? AND startMinute>? AND startMinute<?)`]);
      assert.deepEqual(await plan(reserved), [`SEARCH doctorReservedSlots USING INDEX doctorReservedSlots_doctor_start_id (doctorId=? AND startMinute>? AND startMinute<?)`]);
    }
  });
});
