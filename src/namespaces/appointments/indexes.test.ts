import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { createTestApp, describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';
import { pageQueries } from './appointments.repo.ts';
import { appointments, bookAt, booking, clinic, doctor, patient, type Clinic } from './appointments.testkit.ts';
import { appointmentOverlapQuery, busyInQuery, reservedOverlapQuery } from './appointments.slots.ts';

/** Tuesday 2030-01-15 09:00 UTC. */
const NOW = Date.UTC(2030, 0, 15, 9, 0);

/**
 * The query shapes behind the indexes of migration 0090 (docs/appointments.md, "Indexes"): the
 * overlap checks bounded by the longest interval, and pages read through the index order.
 */
describeEachDialect(
  'appointments query shapes',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => appointments(t())(apiName, data);

    describe('overlap bounded by the longest interval (1440 minutes)', () => {
      test('an appointment of a whole day still clashes at its last minute, the next day', async () => {
        const c = await clinic(t());
        ok(await call('create', booking(c, { scheduledDate: '2030-03-01', scheduledTime: '00:01', duration: 1440 })));
        // Starts 1439 minutes after it: the lower bound (start - 1440) must still reach it.
        failsWith(await call('create', booking(c, { scheduledDate: '2030-03-02', scheduledTime: '00:00', duration: 1 })), 'CONFLICT', 409);
        ok(await call('create', booking(c, { scheduledDate: '2030-03-02', scheduledTime: '00:01', duration: 30 })));
        // A whole-day appointment from 00:00 ends at midnight: the next day is free from 00:00.
        ok(await call('create', booking(c, { scheduledDate: '2030-03-10', scheduledTime: '00:00', duration: 1440 })));
        ok(await call('create', booking(c, { scheduledDate: '2030-03-11', scheduledTime: '00:00', duration: 30 })));
        failsWith(await call('create', booking(c, { scheduledDate: '2030-03-10', scheduledTime: '23:59', duration: 1 })), 'CONFLICT', 409);
        // The doctor's busy time of the next day shows the minute it runs into.
        const busy = ok(await call('listReservedSlots', { doctorId: c.doctor.userId, slotDate: '2030-03-02' })).items;
        assert.deepEqual(
          busy.map((r: Record<string, unknown>) => `${String(r.startTime)}-${String(r.endTime)} ${String(r.kind)}`),
          ['00:00-00:01 appointment', '00:01-00:31 appointment'],
        );
        // Reserving the next day's first minute clashes with it too.
        failsWith(await call('createReservedSlotByDoctor', { doctorId: c.doctor.userId, slotDate: '2030-03-02', startTime: ['00:00'], endTime: ['00:01'] }), 'CONFLICT', 409);
      });

      test('a block reserved for a whole day refuses its last minute', async () => {
        const c = await clinic(t());
        ok(await call('createReservedSlotByDoctor', { doctorId: c.doctor.userId, slotDate: '2030-03-20', startTime: ['00:00'], endTime: ['24:00'] }));
        failsWith(await call('create', booking(c, { scheduledDate: '2030-03-20', scheduledTime: '23:59', duration: 1 })), 'CONFLICT', 409);
        failsWith(await call('create', booking(c, { scheduledDate: '2030-03-19', scheduledTime: '23:00', duration: 61 })), 'CONFLICT', 409);
        ok(await call('create', booking(c, { scheduledDate: '2030-03-21', scheduledTime: '00:00', duration: 30 })));
      });
    });

    describe('paging walks the order of the index: start, then id', () => {
      let c: Clinic;
      let second: string;
      let other: string;
      /** every appointment made, as [startMinute-ish key, id] */
      const made: { at: string; id: string; doctor: string; patient: string }[] = [];

      before(async () => {
        c = await clinic(t());
        second = (await doctor(t(), c.org)).userId;
        other = await patient(t(), c.org, { name: 'Other Patient' });
        // Three doctors booked at the same times: equal starts, ordered by id. The third one's are
        // cancelled: a patient holds no two appointments at one time (issue 14), but lists them.
        const third = (await doctor(t(), c.org)).userId;
        for (const [date, time] of [['2030-01-14', '10:00'], ['2030-01-15', '10:00'], ['2030-01-15', '08:00'], ['2030-01-16', '09:30'], ['2030-01-20', '10:00']]) {
          for (const [doctorId, patientId, status] of [[third, c.patient, 'cancelled'], [c.doctor.userId, c.patient, 'scheduled'], [second, other, 'scheduled']] as const) {
            const data = booking(c, { doctorId, patientId, scheduledDate: date, scheduledTime: time });
            const item = status === 'cancelled' ? await bookAt(t(), data, status) : ok(await call('create', data)).item;
            made.push({ at: `${date} ${time}`, id: item.id, doctor: doctorId, patient: patientId });
          }
        }
      });

      const byStartThenId = (a: { at: string; id: string }, b: { at: string; id: string }) =>
        a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

      /** Reads every page of a list at pageSize 4 and checks total and totalPages on each. */
      async function allPages(apiName: string, data: Record<string, unknown>, expected: number): Promise<string[]> {
        const ids: string[] = [];
        for (let page = 1; ; page++) {
          const result = ok(await call(apiName, { ...data, page, pageSize: 4 }));
          assert.equal(result.total, expected);
          assert.equal(result.totalPages, Math.ceil(expected / 4));
          ids.push(...result.items.map((a: { id: string }) => a.id));
          if (result.items.length < 4) break;
        }
        return ids;
      }

      test('listByOrganization: soonest first for upcoming, newest first for all, across every page', async () => {
        const upcoming = made.filter((a) => a.at >= '2030-01-15 09:00').sort(byStartThenId);
        assert.deepEqual(await allPages('listByOrganization', { organizationId: c.org, dateFilter: 'upcoming' }, upcoming.length), upcoming.map((a) => a.id));
        const all = [...made].sort(byStartThenId).reverse();
        assert.deepEqual(await allPages('listByOrganization', { organizationId: c.org }, all.length), all.map((a) => a.id));
        const past = made.filter((a) => a.at < '2030-01-15 09:00').sort(byStartThenId).reverse();
        assert.deepEqual(await allPages('listByOrganization', { organizationId: c.org, dateFilter: 'past' }, past.length), past.map((a) => a.id));
        // A filter on a column outside the index pages the same way.
        const atTen = made.filter((a) => a.at.endsWith('10:00')).sort(byStartThenId).reverse();
        assert.deepEqual(await allPages('listByOrganization', { organizationId: c.org, scheduledTime: '10:00' }, atTen.length), atTen.map((a) => a.id));
      });

      test('getByDoctorUserId and listByPatientId page in the same order', async () => {
        const doctors = made.filter((a) => a.doctor === second).sort(byStartThenId);
        assert.deepEqual(await allPages('getByDoctorUserId', { organizationId: c.org, doctorUserId: second, dateFilter: 'upcoming' }, 3), doctors.slice(2).map((a) => a.id));
        assert.deepEqual(await allPages('getByDoctorUserId', { organizationId: c.org, doctorUserId: second }, 5), [...doctors].reverse().map((a) => a.id));
        const patients = made.filter((a) => a.patient === c.patient).sort(byStartThenId).reverse();
        assert.deepEqual(await allPages('listByPatientId', { organizationId: c.org, patientId: c.patient }, 10), patients.map((a) => a.id));
        assert.deepEqual(await allPages('listByPatient', { patientId: c.patient }, 10), patients.map((a) => a.id));
      });

      test('a page past the end is empty and keeps the total', async () => {
        const result = ok(await call('listByOrganization', { organizationId: c.org, page: 9, pageSize: 4 }));
        assert.deepEqual([result.items.length, result.total, result.totalPages], [0, 15, 4]);
      });
    });

    test('no nullable column has a default: a booking\'s insert leaves its null columns out and they stay null', async () => {
      // This suite's own table (Kysely's introspection reads every schema, other suites' included).
      const columns = t().dialect === 'sqlite'
        ? sql<{ name: string; nullable: number | boolean; hasDefault: number | boolean }>`select name, "notnull" = 0 as nullable, dflt_value is not null as "hasDefault" from pragma_table_info('appointments')`
        : sql<{ name: string; nullable: number | boolean; hasDefault: number | boolean }>`select column_name as name, is_nullable = 'YES' as nullable, column_default is not null as "hasDefault"
            from information_schema.columns where table_schema = current_schema() and table_name = 'appointments'`;
      const { rows } = await columns.execute(t().database.db);
      assert.ok(rows.length > 30 && rows.some((column) => column.name === 'stage' && column.hasDefault && !column.nullable), 'read the table');
      assert.deepEqual(rows.filter((column) => column.nullable && column.hasDefault).map((column) => column.name), []);
      const c = await clinic(t());
      const item = ok(await call('create', booking(c, { scheduledDate: '2030-05-01' }))).item;
      assert.deepEqual([item.reason, item.paymentStatus, item.followUpDate, item.status], [null, null, null, 'scheduled']);
    });
  },
  { services: { now: () => NOW } },
);

/**
 * SQLite query plans: what the indexes are for. Without statistics (a fresh database) SQLite's
 * planner still has to pick these; a change of indexes or of a query that loses one fails here.
 */
describe('appointments query plans [sqlite]', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite', { services: { now: () => NOW } });
  });
  after(async () => {
    await t.close();
  });

  async function plan(query: Compilable): Promise<string[]> {
    const compiled = query.compile();
    const result = await t.database.db.executeQuery<{ id: number; parent: number; detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((r) => r.detail);
  }

  const day = { start: 29_000_000, end: 29_000_030 };

  test('the overlap checks and the busy time read the doctor\'s index over a bounded range', async () => {
    const db = t.database.db;
    for (const query of [appointmentOverlapQuery(db, 'org', 'doc', day, NOW), appointmentOverlapQuery(db, 'org', 'doc', day, NOW, 'self'), busyInQuery(db, 'org', 'doc', day, NOW)]) {
      assert.deepEqual(await plan(query), ['SEARCH appointments USING INDEX appointments_doctor_start_id (doctorId=? AND startMinute>? AND startMinute<?)']);
    }
    assert.deepEqual(await plan(reservedOverlapQuery(db, 'doc', day)), [
      'SEARCH doctorReservedSlots USING INDEX doctorReservedSlots_doctor_start_id (doctorId=? AND startMinute>? AND startMinute<?)',
    ]);
  });

  test('organization pages walk (organizationId, startMinute, id) without a sort; the total reads the narrow index', async () => {
    const db = t.database.db;
    // upcoming, past, all; then today / week / month (a bounded range: either index covers its count)
    const cases = [
      { filters: { organizationId: 'org', startFrom: 10 }, order: 'asc' as const, range: ' AND startMinute>?', count: 'appointments_org_start' },
      { filters: { organizationId: 'org', startTo: 10 }, order: 'desc' as const, range: ' AND startMinute<?', count: 'appointments_org_start' },
      { filters: { organizationId: 'org' }, order: 'desc' as const, range: '', count: 'appointments_org_start' },
      { filters: { organizationId: 'org', startFrom: 10, startTo: 20 }, order: 'asc' as const, range: ' AND startMinute>? AND startMinute<?', count: undefined },
    ];
    for (const { filters, order, range, count } of cases) {
      const q = pageQueries(db, filters, order, 500, 20);
      assert.deepEqual(await plan(q.ids), [`SEARCH appointments USING COVERING INDEX appointments_org_start_id (organizationId=?${range})`]);
      const counts = (count ? [count] : ['appointments_org_start', 'appointments_org_start_id']).map(
        (index) => `SEARCH appointments USING COVERING INDEX ${index} (organizationId=?${range})`,
      );
      const countPlan = await plan(q.count);
      assert.ok(countPlan.length === 1 && counts.includes(countPlan[0]!), countPlan.join(' | '));
      // Then only the page's rows, by id, in the order of the walk: nothing is sorted.
      assert.deepEqual(await plan(q.rows), [
        'CO-ROUTINE page',
        `SEARCH appointments USING COVERING INDEX appointments_org_start_id (organizationId=?${range})`,
        'SCAN page',
        'SEARCH appointments USING INDEX sqlite_autoindex_appointments_1 (id=?)',
      ]);
    }
  });

  test('a status filter walks (organizationId, stage, startMinute, id) without a sort; beside a patient, the patient\'s index', async () => {
    const db = t.database.db;
    const byStatus = pageQueries(db, { organizationId: 'org', stages: ['cancelled'] }, 'desc', 500, 20);
    assert.deepEqual(await plan(byStatus.ids), ['SEARCH appointments USING COVERING INDEX appointments_org_stage_start_id (organizationId=? AND stage=?)']);
    assert.deepEqual(await plan(byStatus.count), ['SEARCH appointments USING COVERING INDEX appointments_org_stage_start_id (organizationId=? AND stage=?)']);
    const today = pageQueries(db, { organizationId: 'org', stages: ['checked_in'], startFrom: 10, startTo: 20 }, 'asc', 1, 20);
    assert.deepEqual(await plan(today.ids), ['SEARCH appointments USING COVERING INDEX appointments_org_stage_start_id (organizationId=? AND stage=? AND startMinute>? AND startMinute<?)']);
    const patients = pageQueries(db, { organizationId: 'org', patientId: 'p', stages: ['cancelled'] }, 'desc', 1, 20);
    assert.deepEqual(await plan(patients.ids), ['SEARCH appointments USING INDEX appointments_org_patient_start_id (organizationId=? AND patientId=?)']);
  });

  test('a page whose start is known seeks to it in the same index', async () => {
    const db = t.database.db;
    const month = pageQueries(db, { organizationId: 'org', startFrom: 10, startTo: 900 }, 'asc', 500, 20, [600, 'id-1']);
    assert.deepEqual(await plan(month.ids), ['SEARCH appointments USING COVERING INDEX appointments_org_start_id (organizationId=? AND (startMinute,id)>(?,?) AND startMinute<?)']);
    assert.deepEqual(await plan(month.rows), [
      'CO-ROUTINE page',
      'SEARCH appointments USING COVERING INDEX appointments_org_start_id (organizationId=? AND (startMinute,id)>(?,?) AND startMinute<?)',
      'SCAN page',
      'SEARCH appointments USING INDEX sqlite_autoindex_appointments_1 (id=?)',
    ]);
    const past = pageQueries(db, { organizationId: 'org', startTo: 10 }, 'desc', 500, 20, [5, 'id-1']);
    assert.deepEqual(await plan(past.ids), ['SEARCH appointments USING COVERING INDEX appointments_org_start_id (organizationId=? AND (startMinute,id)<(?,?))']);
    const doctor = pageQueries(db, { organizationId: 'org', doctorIds: ['doc'], startFrom: 10 }, 'asc', 50, 20, [600, 'id-1']);
    assert.deepEqual(await plan(doctor.ids), ['SEARCH appointments USING INDEX appointments_doctor_start_id (doctorId=? AND (startMinute,id)>(?,?))']);
  });

  test('doctor and patient pages walk their own indexes without a sort', async () => {
    const db = t.database.db;
    const doctorPage = pageQueries(db, { organizationId: 'org', doctorIds: ['doc'], startFrom: 10 }, 'asc', 50, 20);
    assert.ok(!(await plan(doctorPage.rows)).some((line) => line.includes('TEMP B-TREE')));
    assert.deepEqual(await plan(doctorPage.ids), ['SEARCH appointments USING INDEX appointments_doctor_start_id (doctorId=? AND startMinute>?)']);
    assert.deepEqual(await plan(doctorPage.count), ['SEARCH appointments USING INDEX appointments_doctor_start_id (doctorId=? AND startMinute>?)']);
    const statusPage = pageQueries(db, { organizationId: 'org', doctorIds: ['doc'], statuses: ['completed'] }, 'desc', 1, 20);
    assert.deepEqual(await plan(statusPage.ids), ['SEARCH appointments USING INDEX appointments_doctor_start_id (doctorId=?)']);
    const patientPage = pageQueries(db, { organizationId: 'org', patientId: 'p' }, 'desc', 3, 20);
    assert.deepEqual(await plan(patientPage.ids), ['SEARCH appointments USING COVERING INDEX appointments_org_patient_start_id (organizationId=? AND patientId=?)']);
    assert.deepEqual(await plan(patientPage.count), ['SEARCH appointments USING COVERING INDEX appointments_org_patient_start_id (organizationId=? AND patientId=?)']);
  });
});
