import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { appointments, booking, clinic, organization, type Clinic } from './appointments.testkit.ts';

const NOW = Date.UTC(2030, 0, 15, 9, 0);
let clock = NOW;

describeEachDialect(
  'appointments reserved slots',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>, token?: string) => appointments(t())(apiName, data, token);
    const reserve = (c: Clinic, slotDate: string, startTime: string[], endTime: string[], token?: string) =>
      call('createReservedSlotByDoctor', { doctorId: c.doctor.userId, slotDate, startTime, endTime }, token);
    const storedBlocks = async (doctorId: string) =>
      t().database.db.selectFrom('doctorReservedSlots').select(['slotDate', 'startTime', 'endTime', 'organizationId']).where('doctorId', '=', doctorId).orderBy('startMinute').execute();
    let c: Clinic;

    before(async () => {
      c = await clinic(t());
    });

    describe('createReservedSlotByDoctor', () => {
      test('reserves each startTime[i]..endTime[i] in the doctor\'s organization and answers the day\'s blocks', async () => {
        const d = await clinic(t());
        ok(await reserve(d, '2030-03-01', ['14:00'], ['15:00']));
        const { item } = ok(await reserve(d, '2030-03-01', ['09:00', '12:30'], ['10:00', '13:00']));
        assert.equal(item.doctorId, d.doctor.userId);
        assert.equal(item.organizationId, d.org);
        assert.equal(item.slotDate, '2030-03-01');
        assert.deepEqual(item.startTime, ['09:00', '12:30', '14:00']);
        assert.deepEqual(item.endTime, ['10:00', '13:00', '15:00']);
        assert.equal(item.slots.length, 3);
        assert.deepEqual(Object.keys(item.slots[0]).sort(), ['createdAt', 'createdBy', 'doctorId', 'endTime', 'id', 'organizationId', 'slotDate', 'startTime', 'updatedAt']);
        assert.deepEqual((await storedBlocks(d.doctor.userId)).map((b) => b.organizationId), [d.org, d.org, d.org]);
        // Named by the doctor's idpUserId; a block may run to 24:00.
        const late = ok(await call('createReservedSlotByDoctor', { doctorId: d.doctor.idpUserId, slotDate: '2030-03-02', startTime: ['23:00'], endTime: ['24:00'] })).item;
        assert.deepEqual([late.startTime, late.endTime], [['23:00'], ['24:00']]);
        failsWith(await call('create', booking(d, { scheduledDate: '2030-03-02', scheduledTime: '23:50', duration: 5 })), 'CONFLICT', 409);
      });

      test('validates the pairs: equal lengths, HH:mm, start before end, no overlap between them', async () => {
        const cases: [Record<string, unknown>, string[]][] = [
          [{ startTime: ['09:00', '10:00'], endTime: ['09:30'] }, ['endTime']],
          [{ startTime: ['09:00'], endTime: ['09:00'] }, ['endTime.0']],
          [{ startTime: ['10:00', '09:00'], endTime: ['11:00', '10:30'] }, ['startTime.0']],
          [{ startTime: ['9:00'], endTime: ['24:30'] }, ['endTime.0', 'startTime.0']],
          [{ startTime: [], endTime: [] }, ['endTime', 'startTime']],
          [{ slotDate: '2030-02-30', startTime: ['09:00'], endTime: ['10:00'] }, ['slotDate']],
          [{ doctorId: '', startTime: ['09:00'], endTime: ['10:00'] }, ['doctorId']],
        ];
        for (const [data, paths] of cases) {
          const error = failsWith(await call('createReservedSlotByDoctor', { doctorId: c.doctor.userId, slotDate: '2030-04-01', ...data }), 'VALIDATION_FAILED', 400);
          assert.deepEqual(error.details!.map((e) => e.path).sort(), paths, JSON.stringify(data));
        }
      });

      test('a block over reserved time or an active appointment is CONFLICT and none of the request is stored', async () => {
        const d = await clinic(t());
        ok(await reserve(d, '2030-04-02', ['10:00'], ['11:00']));
        failsWith(await reserve(d, '2030-04-02', ['08:00', '10:30'], ['09:00', '10:45']), 'CONFLICT', 409);
        const booked = ok(await call('create', booking(d, { scheduledDate: '2030-04-02', scheduledTime: '12:00' }))).item;
        failsWith(await reserve(d, '2030-04-02', ['12:15'], ['13:00']), 'CONFLICT', 409);
        assert.deepEqual((await storedBlocks(d.doctor.userId)).map((b) => b.startTime), ['10:00']);
        ok(await call('update', { id: booked.id, organizationId: d.org, status: 'cancelled' }));
        ok(await reserve(d, '2030-04-02', ['12:15'], ['13:00']));
        // An appointment from the evening before that runs past midnight blocks the early morning.
        ok(await call('create', booking(d, { scheduledDate: '2030-04-03', scheduledTime: '23:30', duration: 60 })));
        failsWith(await reserve(d, '2030-04-04', ['00:00'], ['00:15']), 'CONFLICT', 409);
      });

      test('concurrent: one reservation and one booking of the same time, exactly one wins', async () => {
        const d = await clinic(t());
        for (const date of ['2030-04-10', '2030-04-11', '2030-04-12']) {
          const results = await Promise.all([reserve(d, date, ['10:00'], ['11:00']), call('create', booking(d, { scheduledDate: date, scheduledTime: '10:30' })), reserve(d, date, ['10:15'], ['10:45'])]);
          assert.equal(results.filter((r) => r.statusCode === 200).length, 1, JSON.stringify(results.map((r) => r.body)));
          assert.ok(results.every((r) => r.statusCode === 200 || r.body.error.code === 'CONFLICT'));
        }
      });

      test('the doctor, a receptionist or admin of the organization or a platform admin may reserve; other members are FORBIDDEN; other organizations NOT_FOUND', async () => {
        const d = await clinic(t());
        const nurse = await signIn(t(), { organizationId: d.org, roles: ['nurse'] });
        const colleague = await signIn(t(), { organizationId: d.org, roles: ['doctor'] });
        const admin = await signIn(t(), { organizationId: d.org, roles: ['admin'] });
        const receptionist = await signIn(t(), { organizationId: d.org, roles: ['receptionist'] });
        const outsider = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
        const account = await tokenFor(t(), 'idp-no-membership');
        failsWith(await reserve(d, '2030-04-20', ['09:00'], ['10:00'], nurse.token), 'FORBIDDEN', 403);
        failsWith(await reserve(d, '2030-04-20', ['09:00'], ['10:00'], colleague.token), 'FORBIDDEN', 403);
        failsWith(await reserve(d, '2030-04-20', ['09:00'], ['10:00'], outsider.token), 'NOT_FOUND', 404);
        failsWith(await reserve(d, '2030-04-20', ['09:00'], ['10:00'], account), 'FORBIDDEN', 403);
        ok(await reserve(d, '2030-04-20', ['09:00'], ['10:00'], d.doctor.token));
        ok(await reserve(d, '2030-04-20', ['10:00'], ['11:00'], admin.token));
        ok(await reserve(d, '2030-04-20', ['11:00'], ['12:00'], (await platformAdmin(t())).token));
        ok(await reserve(d, '2030-04-20', ['12:00'], ['13:00'], receptionist.token));
        assert.equal((await storedBlocks(d.doctor.userId)).length, 4);
      });

      test('an unknown doctor or a user who is not a doctor is NOT_FOUND; a doctor of two organizations needs the record id', async () => {
        const nurse = await signIn(t(), { organizationId: c.org, roles: ['nurse'] });
        failsWith(await call('createReservedSlotByDoctor', { doctorId: 'missing', slotDate: '2030-04-21', startTime: ['09:00'], endTime: ['10:00'] }), 'NOT_FOUND', 404);
        failsWith(await call('createReservedSlotByDoctor', { doctorId: nurse.userId, slotDate: '2030-04-21', startTime: ['09:00'], endTime: ['10:00'] }), 'NOT_FOUND', 404);
        const twice = await signIn(t(), { organizationId: orgId(), roles: ['doctor'] });
        await signIn(t(), { organizationId: orgId(), roles: ['doctor'], idpUserId: twice.idpUserId });
        const error = failsWith(await call('createReservedSlotByDoctor', { doctorId: twice.idpUserId, slotDate: '2030-04-21', startTime: ['09:00'], endTime: ['10:00'] }), 'VALIDATION_FAILED', 400);
        assert.equal(error.details![0]!.path, 'doctorId');
        ok(await call('createReservedSlotByDoctor', { doctorId: twice.userId, slotDate: '2030-04-21', startTime: ['09:00'], endTime: ['10:00'] }));
      });
    });

    describe('listReservedSlots', () => {
      test('lists reserved blocks and active appointments of the day, not cancelled ones', async () => {
        const d = await clinic(t());
        ok(await reserve(d, '2030-05-01', ['13:00', '08:00'], ['14:00', '08:30']));
        ok(await call('create', booking(d, { scheduledDate: '2030-05-01', scheduledTime: '10:00', duration: 45 })));
        const cancelled = ok(await call('create', booking(d, { scheduledDate: '2030-05-01', scheduledTime: '16:00' }))).item;
        ok(await call('update', { id: cancelled.id, organizationId: d.org, status: 'cancelled' }));
        ok(await call('create', booking(d, { scheduledDate: '2030-05-02', scheduledTime: '10:00' })));
        const data = ok(await call('listReservedSlots', { doctorId: d.doctor.userId, slotDate: '2030-05-01' }));
        assert.equal(data.doctorId, d.doctor.userId);
        assert.deepEqual(
          data.items.map((r: Record<string, unknown>) => [r.slotDate, r.startTime, r.endTime, r.kind]),
          [
            ['2030-05-01', '08:00', '08:30', 'reserved'],
            ['2030-05-01', '10:00', '10:45', 'appointment'],
            ['2030-05-01', '13:00', '14:00', 'reserved'],
          ],
        );
        assert.equal(typeof data.items[0].id, 'string');
        assert.equal(data.items[1].id, null);
      });

      test('a date range cuts an appointment across midnight into its two days; expired holds are left out', async () => {
        const d = await clinic(t());
        ok(await call('create', booking(d, { scheduledDate: '2030-05-10', scheduledTime: '23:30', duration: 60 })));
        ok(await call('createPending', booking(d, { scheduledDate: '2030-05-11', scheduledTime: '09:00' })));
        const range = { doctorId: d.doctor.userId, startDate: '2030-05-10', endDate: '2030-05-11' };
        const rows = (items: Record<string, unknown>[]) => items.map((r) => `${String(r.slotDate)} ${String(r.startTime)}-${String(r.endTime)}`);
        assert.deepEqual(rows(ok(await call('listReservedSlots', range)).items), ['2030-05-10 23:30-24:00', '2030-05-11 00:00-00:30', '2030-05-11 09:00-09:30']);
        assert.deepEqual(rows(ok(await call('listReservedSlots', { doctorId: d.doctor.userId, slotDate: '2030-05-11' })).items), ['2030-05-11 00:00-00:30', '2030-05-11 09:00-09:30']);
        clock = NOW + 15 * 60_000;
        assert.deepEqual(rows(ok(await call('listReservedSlots', range)).items), ['2030-05-10 23:30-24:00', '2030-05-11 00:00-00:30']);
        clock = NOW;
      });

      test('with a service, only that service\'s appointments (reserved blocks always)', async () => {
        const d = await clinic(t());
        const service = ok(await t().call('services', 'create', { organizationId: d.org, name: 'Video consult', category: 'consultation', price: 100 })).item;
        ok(await reserve(d, '2030-05-20', ['12:00'], ['12:30']));
        ok(await call('create', booking(d, { scheduledDate: '2030-05-20', scheduledTime: '09:00', serviceId: service.id })));
        ok(await call('create', booking(d, { scheduledDate: '2030-05-20', scheduledTime: '10:00' })));
        const items = ok(await call('listReservedSlots', { doctorId: d.doctor.userId, slotDate: '2030-05-20', serviceId: service.id })).items;
        assert.deepEqual(items.map((r: Record<string, unknown>) => r.startTime), ['09:00', '12:00']);
        assert.equal(ok(await call('listReservedSlots', { doctorId: d.doctor.userId, slotDate: '2030-05-20' })).items.length, 3);
        const foreign = ok(await t().call('services', 'create', { organizationId: c.org, name: 'Elsewhere', category: 'consultation', price: 100 })).item;
        failsWith(await call('listReservedSlots', { doctorId: d.doctor.userId, slotDate: '2030-05-20', serviceId: foreign.id }), 'VALIDATION_FAILED', 400);
      });

      test('where appointments may overlap, only reserved blocks are unavailable', async () => {
        const q = await clinic(t(), { org: await organization(t(), { settings: { allowOverlappingAppointments: true } }) });
        ok(await reserve(q, '2030-05-21', ['12:00'], ['12:30']));
        ok(await call('create', booking(q, { scheduledDate: '2030-05-21', scheduledTime: '09:00' })));
        assert.deepEqual(ok(await call('listReservedSlots', { doctorId: q.doctor.userId, slotDate: '2030-05-21' })).items.map((r: Record<string, unknown>) => r.kind), ['reserved']);
      });

      test('validation; an unknown doctor is NOT_FOUND; public: any caller, no patient data', async () => {
        for (const bad of [{}, { startDate: '2030-05-02', endDate: '2030-05-01' }, { startDate: '2030-01-01', endDate: '2030-04-03' }, { slotDate: '2030-13-01' }]) {
          failsWith(await call('listReservedSlots', { doctorId: c.doctor.userId, ...bad }), 'VALIDATION_FAILED', 400);
        }
        ok(await call('listReservedSlots', { doctorId: c.doctor.userId, startDate: '2030-01-01', endDate: '2030-04-02' })); // 92 days
        failsWith(await call('listReservedSlots', { doctorId: 'missing', slotDate: '2030-05-01' }), 'NOT_FOUND', 404);
        ok(await call('create', booking(c, { scheduledDate: '2030-05-01', scheduledTime: '09:00', reason: 'private' })));
        const outsider = await signIn(t(), { organizationId: orgId(), roles: ['receptionist'] });
        const listed = ok(await call('listReservedSlots', { doctorId: c.doctor.userId, slotDate: '2030-05-01' }, outsider.token));
        assert.deepEqual(Object.keys(listed).sort(), ['doctorId', 'endDate', 'items', 'organizationId', 'startDate']);
        assert.deepEqual(listed.items.map((r: Record<string, unknown>) => Object.keys(r).sort()), [['endTime', 'id', 'kind', 'slotDate', 'startTime']]);
        ok(await call('listReservedSlots', { doctorId: c.doctor.userId, slotDate: '2030-05-01' }, await tokenFor(t(), 'idp-no-membership')));
      });
    });
  },
  { services: { now: () => clock } },
);
