import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { appointments, bookAt, booking, clinic, doctor, organization, patient, type Clinic } from './appointments.testkit.ts';

/** Tuesday 2030-01-15 09:00 UTC (14:30 in Asia/Kolkata). */
const NOW = Date.UTC(2030, 0, 15, 9, 0);

describeEachDialect(
  'appointments lists and figures',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>, token?: string) => appointments(t())(apiName, data, token);
    const book = async (c: Clinic, { status, ...data }: Record<string, unknown>) =>
      typeof status === 'string' && ['checked_in', 'in_consultation', 'completed', 'cancelled', 'no_show'].includes(status) ? bookAt(t(), booking(c, data), status) : ok(await call('create', booking(c, { status, ...data }))).item;
    const reasons = (page: { items: { reason: string }[] }) => page.items.map((a) => a.reason);

    describe('listByOrganization', () => {
      let c: Clinic;
      before(async () => {
        c = await clinic(t());
        const appointmentsToMake: [string, string, string, Record<string, unknown>][] = [
          ['A fever', '2030-01-15', '08:00', {}],
          ['B follow-up', '2030-01-15', '10:00', { patientId: c.signedPatient.id, type: 'video' }],
          ['C', '2030-01-16', '10:00', {}],
          ['D', '2030-01-20', '10:00', {}],
          ['E', '2030-01-21', '10:00', {}],
          ['F', '2030-02-01', '10:00', {}],
          ['G 100%', '2030-01-10', '10:00', {}],
          ['H', '2029-12-31', '10:00', {}],
        ];
        for (const [reason, scheduledDate, scheduledTime, extra] of appointmentsToMake) await book(c, { reason, scheduledDate, scheduledTime, ...extra });
        await book(await clinic(t()), { reason: 'elsewhere', scheduledDate: '2030-01-15' });
      });
      const list = async (data: Record<string, unknown> = {}) => ok(await call('listByOrganization', { organizationId: c.org, ...data }));

      test('dateFilter today, tomorrow, upcoming, past, week, month, all on the organization\'s clock', async () => {
        assert.deepEqual(reasons(await list({ dateFilter: 'today' })), ['A fever', 'B follow-up']);
        assert.deepEqual(reasons(await list({ dateFilter: 'tomorrow' })), ['C']);
        assert.deepEqual(reasons(await list({ dateFilter: 'upcoming' })), ['B follow-up', 'C', 'D', 'E', 'F']);
        assert.deepEqual(reasons(await list({ dateFilter: 'past' })), ['A fever', 'G 100%', 'H']);
        assert.deepEqual(reasons(await list({ dateFilter: 'week' })), ['A fever', 'B follow-up', 'C', 'D']);
        assert.deepEqual(reasons(await list({ dateFilter: 'month' })), ['G 100%', 'A fever', 'B follow-up', 'C', 'D', 'E']);
        assert.deepEqual(reasons(await list({ dateFilter: 'all' })), ['F', 'E', 'D', 'C', 'B follow-up', 'A fever', 'G 100%', 'H']);
        assert.deepEqual(reasons(await list()), reasons(await list({ dateFilter: null })));
      });

      test('searchQuery over patient name and reason (wildcards literal); appointmentType; scheduledTime; paging', async () => {
        assert.deepEqual(reasons(await list({ searchQuery: 'RAVI' })), ['B follow-up']);
        assert.deepEqual(reasons(await list({ searchQuery: 'fev' })), ['A fever']);
        assert.deepEqual(reasons(await list({ searchQuery: '%' })), ['G 100%']);
        assert.equal((await list({ searchQuery: '   ' })).total, 8);
        assert.deepEqual(reasons(await list({ appointmentType: 'video' })), ['B follow-up']);
        assert.deepEqual(reasons(await list({ scheduledTime: '08:00' })), ['A fever']);
        const page = await list({ pageSize: 3, page: 3 });
        assert.deepEqual([page.total, page.page, page.pageSize, page.totalPages, page.items.length], [8, 3, 3, 3, 2]);
      });

      test('validation, other organizations and bound callers', async () => {
        for (const bad of [{ dateFilter: 'yesterday' }, { scheduledTime: '8:00' }, { pageSize: 101 }, { page: 0 }]) {
          failsWith(await call('listByOrganization', { organizationId: c.org, ...bad }), 'VALIDATION_FAILED', 400);
        }
        const elsewhere = ok(await call('listByOrganization', { organizationId: orgId() }));
        assert.equal(elsewhere.total, 0);
        const outsider = await signIn(t(), { organizationId: orgId(), roles: ['receptionist'] });
        failsWith(await call('listByOrganization', { organizationId: c.org }, outsider.token), 'FORBIDDEN', 403);
      });

      test('pages asked again or in turn start where remembered; a booking or a deletion moves every page after it', async () => {
        const pages = async (...numbers: number[]) => {
          const found = [];
          for (const page of numbers) found.push(reasons(await list({ dateFilter: 'all', pageSize: 3, page })));
          return found;
        };
        const order = [['F', 'E', 'D'], ['C', 'B follow-up', 'A fever'], ['G 100%', 'H']];
        assert.deepEqual(await pages(1, 2, 3, 2, 1, 3), [...order, order[1], order[0], order[2]]);
        const inserted = await book(c, { reason: 'I', scheduledDate: '2030-01-18', scheduledTime: '10:00' });
        assert.deepEqual(await pages(2, 3, 1, 2), [['I', 'C', 'B follow-up'], ['A fever', 'G 100%', 'H'], ['F', 'E', 'D'], ['I', 'C', 'B follow-up']]);
        ok(await call('delete', { id: inserted.id, organizationId: c.org }));
        assert.deepEqual(await pages(2, 3, 1), [order[1], order[2], order[0]]);
      });

      test('an organization\'s own time zone decides today and now', async () => {
        const india = await clinic(t(), { org: await organization(t(), { timezone: 'Asia/Kolkata' }) });
        await book(india, { reason: 'noon', scheduledDate: '2030-01-15', scheduledTime: '12:00' });
        await book(india, { reason: 'evening', scheduledDate: '2030-01-15', scheduledTime: '18:00' });
        const page = async (dateFilter: string) => reasons(ok(await call('listByOrganization', { organizationId: india.org, dateFilter })));
        assert.deepEqual(await page('past'), ['noon']);
        assert.deepEqual(await page('upcoming'), ['evening']);
        assert.deepEqual(await page('today'), ['noon', 'evening']);
      });
    });

    describe('by patient and by doctor', () => {
      let c: Clinic;
      let colleague: Awaited<ReturnType<typeof doctor>>;
      before(async () => {
        c = await clinic(t());
        colleague = await doctor(t(), c.org);
        await book(c, { reason: 'p1', scheduledDate: '2030-01-10', status: 'completed' });
        await book(c, { reason: 'p2', scheduledDate: '2030-01-20' });
        await book(c, { reason: 'p3', scheduledDate: '2030-01-20', scheduledTime: '12:00', doctorId: colleague.userId, status: 'confirmed' });
        await book(c, { reason: 's1', scheduledDate: '2030-01-20', scheduledTime: '15:00', patientId: c.signedPatient.id });
      });

      test('listByPatient: the patient record\'s appointments, by date and statuses', async () => {
        const list = async (data: Record<string, unknown>) => reasons(ok(await call('listByPatient', { patientId: c.patient, ...data })));
        assert.deepEqual(await list({}), ['p3', 'p2', 'p1']);
        assert.deepEqual(await list({ appointmentDate: '2030-01-20' }), ['p3', 'p2']);
        assert.deepEqual(await list({ status: ['completed', 'confirmed'] }), ['p3', 'p1']);
        assert.deepEqual(await list({ status: [] }), ['p3', 'p2', 'p1']);
        failsWith(await call('listByPatient', { patientId: c.patient, status: 'completed' }), 'VALIDATION_FAILED', 400);
        failsWith(await call('listByPatient', { patientId: c.patient, appointmentDate: '20-01-2030' }), 'VALIDATION_FAILED', 400);
        failsWith(await call('listByPatient', { patientId: 'missing' }), 'NOT_FOUND', 404);
        const outsider = await signIn(t(), { organizationId: orgId(), roles: ['doctor'] });
        failsWith(await call('listByPatient', { patientId: c.patient }, outsider.token), 'NOT_FOUND', 404);
        const member = await signIn(t(), { organizationId: c.org, roles: ['nurse'] });
        assert.equal(ok(await call('listByPatient', { patientId: c.patient }, member.token)).total, 3);
        const own = ok(await call('listByPatient', { patientId: c.signedPatient.id }, (await signIn(t(), { idpUserId: c.signedPatient.idpUserId, organizationId: c.org, roles: ['patient'] })).token));
        assert.deepEqual(reasons(own), ['s1']);
      });

      test('listByPatientId: the organization\'s appointments of the patient; another organization is NOT_FOUND', async () => {
        const page = ok(await call('listByPatientId', { organizationId: c.org, patientId: c.patient, pageSize: 2 }));
        assert.deepEqual([page.total, page.totalPages], [3, 2]);
        assert.deepEqual(reasons(page), ['p3', 'p2']);
        failsWith(await call('listByPatientId', { organizationId: orgId(), patientId: c.patient }), 'NOT_FOUND', 404);
        failsWith(await call('listByPatientId', { organizationId: c.org }), 'VALIDATION_FAILED', 400);
      });

      test('getByDoctorUserId: by users record id or idpUserId, with dateFilter and statuses', async () => {
        const list = async (data: Record<string, unknown>) => reasons(ok(await call('getByDoctorUserId', { organizationId: c.org, doctorUserId: c.doctor.userId, ...data })));
        assert.deepEqual(await list({}), ['s1', 'p2', 'p1']);
        assert.deepEqual(await list({ doctorUserId: c.doctor.idpUserId }), ['s1', 'p2', 'p1']);
        assert.deepEqual(await list({ dateFilter: 'upcoming' }), ['p2', 's1']);
        assert.deepEqual(await list({ status: ['completed'] }), ['p1']);
        assert.deepEqual(await list({ doctorUserId: colleague.idpUserId }), ['p3']);
        failsWith(await call('getByDoctorUserId', { organizationId: c.org, doctorUserId: c.doctor.userId, dateFilter: 'soon' }), 'VALIDATION_FAILED', 400);
        failsWith(await call('getByDoctorUserId', { organizationId: c.org }), 'VALIDATION_FAILED', 400);
        failsWith(await call('getByDoctorUserId', { organizationId: orgId(), doctorUserId: c.doctor.userId }), 'NOT_FOUND', 404);
        failsWith(await call('getByDoctorUserId', { organizationId: c.org, doctorUserId: 'missing' }), 'NOT_FOUND', 404);
      });

      test('getPatientDetails: the patient with this organization\'s visits only', async () => {
        const visit = await book(c, { reason: 'p4', scheduledDate: '2030-01-25' });
        const elsewhere = await clinic(t());
        const sameNumber = await patient(t(), elsewhere.org, { name: 'Asha Rao', mobileNumber: '+91 98000 00001' });
        await book(elsewhere, { patientId: sameNumber, reason: 'other org', scheduledDate: '2030-01-25' });
        const data = ok(await call('getPatientDetails', { appointmentId: visit.id, organizationId: c.org }));
        assert.equal(data.patient.id, c.patient);
        assert.equal(data.patient.name, 'Asha Rao');
        assert.equal(data.appointment.id, visit.id);
        assert.equal(data.totalVisits, 4);
        assert.deepEqual(data.visits.map((v: { reason: string }) => v.reason), ['p4', 'p3', 'p2', 'p1']);
        failsWith(await call('getPatientDetails', { appointmentId: visit.id, organizationId: elsewhere.org }), 'NOT_FOUND', 404);
        failsWith(await call('getPatientDetails', { organizationId: c.org }), 'VALIDATION_FAILED', 400);
      });
    });

    describe('getStats and getDashboardTrends', () => {
      let c: Clinic;
      before(async () => {
        c = await clinic(t());
        const pay = async (a: { id: string }, amountPaid: number, paymentStatus = 'paid') => ok(await call('update', { id: a.id, organizationId: c.org, amountPaid, paymentStatus }));
        await pay(await book(c, { scheduledDate: '2030-01-15', scheduledTime: '08:00', status: 'completed' }), 100.1);
        await pay(await book(c, { scheduledDate: '2030-01-15', scheduledTime: '10:00', status: 'confirmed' }), 200.2);
        await pay(await book(c, { scheduledDate: '2030-01-15', scheduledTime: '11:00', status: 'cancelled' }), 50, 'refunded');
        await book(c, { scheduledDate: '2030-01-16', scheduledTime: '10:00' });
        await book(c, { scheduledDate: '2030-01-03', scheduledTime: '10:00', status: 'no_show' });
        await pay(await book(c, { scheduledDate: '2029-12-20', scheduledTime: '10:00', status: 'completed' }), 0.7);
        await book(c, { scheduledDate: '2030-01-17', scheduledTime: '10:00', status: 'waiting' });
      });

      test('getStats: counts by status, today, upcoming and exact revenue', async () => {
        const stats = ok(await call('getStats', { organizationId: c.org }));
        assert.equal(stats.date, '2030-01-15');
        assert.equal(stats.total, 7);
        assert.deepEqual(stats.byStatus, { pending: 0, scheduled: 1, confirmed: 1, checked_in: 0, in_consultation: 0, completed: 2, cancelled: 1, no_show: 1, waiting: 1 });
        assert.equal(stats.today, 2);
        assert.equal(stats.upcoming, 3);
        assert.equal(stats.paid, 3);
        assert.equal(stats.revenue, 301);
        const empty = ok(await call('getStats', { organizationId: orgId() }));
        assert.deepEqual([empty.total, empty.today, empty.upcoming, empty.revenue], [0, 0, 0, 0]);
        failsWith(await call('getStats', {}), 'VALIDATION_FAILED', 400);
      });

      test('getDashboardTrends: 7 days, 8 weeks or 12 months ending with the date', async () => {
        const days = ok(await call('getDashboardTrends', { organizationId: c.org, period: 'day', date: '2030-01-16' }));
        assert.deepEqual([days.period, days.startDate, days.endDate, days.series.length], ['day', '2030-01-10', '2030-01-16', 7]);
        const jan15 = days.series.find((b: { startDate: string }) => b.startDate === '2030-01-15');
        assert.deepEqual(jan15, { startDate: '2030-01-15', endDate: '2030-01-15', total: 3, completed: 1, cancelled: 1, noShow: 0, paid: 2, revenue: 300.3 });
        assert.equal(days.series.at(-1).total, 1);

        const weeks = ok(await call('getDashboardTrends', { organizationId: c.org, period: 'weekly', date: '2030-01-15' }));
        assert.deepEqual([weeks.period, weeks.startDate, weeks.endDate, weeks.series.length], ['week', '2029-11-26', '2030-01-20', 8]);
        assert.deepEqual(weeks.series.at(-1), { startDate: '2030-01-14', endDate: '2030-01-20', total: 5, completed: 1, cancelled: 1, noShow: 0, paid: 2, revenue: 300.3 });
        assert.equal(weeks.series.at(-3).noShow, 1);

        const months = ok(await call('getDashboardTrends', { organizationId: c.org, period: 'month', date: '2030-01-31' }));
        assert.deepEqual([months.startDate, months.endDate, months.series.length], ['2029-02-01', '2030-01-31', 12]);
        assert.deepEqual(months.series.at(-2), { startDate: '2029-12-01', endDate: '2029-12-31', total: 1, completed: 1, cancelled: 0, noShow: 0, paid: 1, revenue: 0.7 });
        assert.equal(months.series.at(-1).total, 6);

        const defaults = ok(await call('getDashboardTrends', { organizationId: c.org }));
        assert.deepEqual([defaults.period, defaults.date], ['day', '2030-01-15']);
        failsWith(await call('getDashboardTrends', { organizationId: c.org, period: 'year' }), 'VALIDATION_FAILED', 400);
        failsWith(await call('getDashboardTrends', { organizationId: c.org, date: '2030-02-30' }), 'VALIDATION_FAILED', 400);
        const elsewhere = ok(await call('getDashboardTrends', { organizationId: orgId(), period: 'day', date: '2030-01-16' }));
        assert.ok(elsewhere.series.every((b: { total: number }) => b.total === 0));
      });
    });
  },
  { services: { now: () => NOW } },
);
