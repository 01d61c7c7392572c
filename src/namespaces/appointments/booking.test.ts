import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok, type ApiResponse } from '../../../test/harness.ts';
import { appointments, booking, clinic, doctor, ITEM_FIELDS, organization, patient, type Clinic } from './appointments.testkit.ts';

const START = Date.UTC(2030, 0, 15, 9, 0);
let clock = START;

const outcomes = (responses: ApiResponse[]) => responses.map((r) => (r.statusCode === 200 ? 'ok' : r.body.error.code)).sort();

describeEachDialect(
  'appointments booking',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => appointments(t())(apiName, data);
    const create = (c: Clinic, data: Record<string, unknown> = {}) => call('create', booking(c, data));
    let c: Clinic;

    before(async () => {
      c = await clinic(t());
    });

    describe('create', () => {
      test('returns the whole stored record: server id, status scheduled, money exact', async () => {
        const { item } = ok(await create(c, { id: 'mine', scheduledDate: '2030-02-01', consultationFee: 19.99, reason: 'fever', unknown: 1 }));
        assert.deepEqual(Object.keys(item).sort(), ITEM_FIELDS);
        assert.notEqual(item.id, 'mine');
        assert.equal(item.status, 'scheduled');
        assert.equal(item.consultationFee, 19.99);
        assert.equal(item.reason, 'fever');
        assert.equal(item.scheduledDate, '2030-02-01');
        assert.equal(item.duration, 30);
        assert.equal(item.paymentStatus, null);
        assert.deepEqual(item.history, []);
        const row = await t().database.db.selectFrom('appointments').select(['consultationFee', 'startMinute', 'endMinute']).where('id', '=', item.id).executeTakeFirstOrThrow();
        assert.equal(Number(row.consultationFee), 1999);
        assert.equal(Number(row.endMinute) - Number(row.startMinute), 30);
        assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: c.org })).item, item);
      });

      test('validates every field with a path per problem', async () => {
        const error = failsWith(
          await call('create', { organizationId: c.org, patientId: '', doctorId: c.doctor.userId, scheduledDate: '2030-02-30', scheduledTime: '24:00', duration: 0, consultationFee: 1.234 }),
          'VALIDATION_FAILED',
          400,
        );
        assert.deepEqual(error.details!.map((d) => d.path).sort(), ['consultationFee', 'duration', 'patientId', 'scheduledDate', 'scheduledTime', 'type']);
        for (const bad of [{ duration: 1.5 }, { duration: 1441 }, { duration: null }, { type: ' ' }, { amountPaid: -1 }, { isPreConsultationCompleted: 'yes' }]) {
          failsWith(await create(c, bad), 'VALIDATION_FAILED', 400);
        }
      });

      test('doctor, patient and service must be the organization\'s own: VALIDATION_FAILED naming the field', async () => {
        const other = await clinic(t());
        const nurse = await signIn(t(), { organizationId: c.org, roles: ['nurse'] });
        const cases: [Record<string, unknown>, string][] = [
          [{ doctorId: other.doctor.userId }, 'doctorId'],
          [{ doctorId: nurse.userId }, 'doctorId'],
          [{ doctorId: 'missing' }, 'doctorId'],
          [{ patientId: other.patient }, 'patientId'],
          [{ serviceId: 'missing' }, 'serviceId'],
        ];
        for (const [data, path] of cases) {
          const error = failsWith(await create(c, { scheduledDate: '2030-02-02', ...data }), 'VALIDATION_FAILED', 400);
          assert.deepEqual(error.details!.map((d) => d.path), [path]);
        }
        const count = await t().database.db.selectFrom('appointments').select((eb) => eb.fn.countAll().as('n')).where('scheduledDate', '=', '2030-02-02').executeTakeFirstOrThrow();
        assert.equal(Number(count.n), 0);
      });

      test('with a service: the fee defaults to its price plus tax, exactly; another doctor\'s consultation is refused', async () => {
        const service = ok(await t().call('services', 'create', { organizationId: c.org, name: 'Consult', category: 'consultation', price: 500, taxPercent: 18, doctorId: c.doctor.userId })).item;
        const { item } = ok(await create(c, { scheduledDate: '2030-02-03', serviceId: service.id }));
        assert.equal(item.consultationFee, 590);
        assert.equal(item.serviceId, service.id);
        const given = ok(await create(c, { scheduledDate: '2030-02-03', scheduledTime: '11:00', serviceId: service.id, consultationFee: 0 })).item;
        assert.equal(given.consultationFee, 0);
        const colleague = await doctor(t(), c.org);
        const error = failsWith(await create(c, { scheduledDate: '2030-02-03', doctorId: colleague.userId, serviceId: service.id }), 'VALIDATION_FAILED', 400);
        assert.equal(error.details![0]!.path, 'serviceId');
        const elsewhere = await clinic(t());
        failsWith(await create(elsewhere, { serviceId: service.id }), 'VALIDATION_FAILED', 400);
      });

      test('a caller bound to another organization is FORBIDDEN; a member of this one books', async () => {
        const outsider = await signIn(t(), { organizationId: orgId(), roles: ['receptionist'] });
        failsWith(await appointments(t())('create', booking(c, { scheduledDate: '2030-02-04' }), outsider.token), 'FORBIDDEN', 403);
        const member = await signIn(t(), { organizationId: c.org, roles: ['receptionist'] });
        ok(await appointments(t())('create', booking(c, { scheduledDate: '2030-02-04' }), member.token));
      });
    });

    describe('no double booking', () => {
      test('an overlapping time of the same doctor is CONFLICT; touching ends and other doctors are fine', async () => {
        const d = await clinic(t());
        ok(await create(d, { scheduledTime: '10:00', duration: 30 }));
        for (const [time, minutes] of [['10:00', 30], ['10:15', 5], ['09:50', 15], ['09:00', 180], ['10:29', 1]] as const) {
          failsWith(await create(d, { scheduledTime: time, duration: minutes }), 'CONFLICT', 409);
        }
        ok(await create(d, { scheduledTime: '10:30', duration: 30 }));
        ok(await create(d, { scheduledTime: '09:45', duration: 15 }));
        ok(await create({ ...d, doctor: await doctor(t(), d.org) }, { scheduledTime: '10:00', duration: 30, patientId: d.signedPatient.id }));
        ok(await create(d, { scheduledDate: '2030-03-02', scheduledTime: '10:00' }));
      });

      test('an appointment across midnight clashes with the next day\'s first slot, both ways round', async () => {
        const d = await clinic(t());
        ok(await create(d, { scheduledDate: '2030-04-01', scheduledTime: '23:30', duration: 60 }));
        failsWith(await create(d, { scheduledDate: '2030-04-02', scheduledTime: '00:00', duration: 15 }), 'CONFLICT', 409);
        failsWith(await create(d, { scheduledDate: '2030-04-02', scheduledTime: '00:29', duration: 15 }), 'CONFLICT', 409);
        ok(await create(d, { scheduledDate: '2030-04-02', scheduledTime: '00:30', duration: 15 }));

        ok(await create(d, { scheduledDate: '2030-04-11', scheduledTime: '00:00', duration: 20 }));
        failsWith(await create(d, { scheduledDate: '2030-04-10', scheduledTime: '23:45', duration: 30 }), 'CONFLICT', 409);
        ok(await create(d, { scheduledDate: '2030-04-10', scheduledTime: '23:45', duration: 15 }));
      });

      test('cancelled and no-show appointments free their time; a completed one still holds it', async () => {
        const d = await clinic(t());
        clock = Date.UTC(2030, 2, 1, 18, 0); // the evening of the visits' day (booking()'s date)
        const cancelled = ok(await create(d, { scheduledTime: '08:00' })).item;
        ok(await call('update', { id: cancelled.id, organizationId: d.org, status: 'cancelled' }));
        ok(await create(d, { scheduledTime: '08:00' }));

        const missed = ok(await create(d, { scheduledTime: '12:00' })).item;
        ok(await call('update', { id: missed.id, organizationId: d.org, status: 'no_show' }));
        ok(await create(d, { scheduledTime: '12:00' }));

        const done = ok(await create(d, { scheduledTime: '14:00' })).item;
        ok(await call('update', { id: done.id, organizationId: d.org, status: 'completed' }));
        failsWith(await create(d, { scheduledTime: '14:00' }), 'CONFLICT', 409);
        // Created already cancelled is refused: a cancelled visit is reached only by a move (cancel).
        failsWith(await create(d, { scheduledTime: '14:10', status: 'cancelled' }), 'VALIDATION_FAILED', 400);
        clock = START;
      });

      test('the doctor\'s reserved time is not bookable', async () => {
        const d = await clinic(t());
        ok(await call('createReservedSlotByDoctor', { doctorId: d.doctor.userId, slotDate: '2030-03-01', startTime: ['13:00'], endTime: ['14:00'] }));
        failsWith(await create(d, { scheduledTime: '13:30' }), 'CONFLICT', 409);
        failsWith(await create(d, { scheduledTime: '12:45', duration: 30 }), 'CONFLICT', 409);
        ok(await create(d, { scheduledTime: '12:30', duration: 30 }));
        ok(await create(d, { scheduledTime: '14:00' }));
      });

      test('an organization that allows overlap (token queues) books the same time twice, but not reserved time', async () => {
        const org = await organization(t(), { settings: { allowOverlappingAppointments: true } });
        const q = await clinic(t(), { org });
        ok(await create(q, { scheduledTime: '10:00' }));
        ok(await create(q, { scheduledTime: '10:00', patientId: q.signedPatient.id }));
        ok(await call('createReservedSlotByDoctor', { doctorId: q.doctor.userId, slotDate: '2030-03-01', startTime: ['16:00'], endTime: ['17:00'] }));
        failsWith(await create(q, { scheduledTime: '16:30' }), 'CONFLICT', 409);
      });

      test('ten concurrent creates for one slot: exactly one wins, the rest are CONFLICT', async () => {
        const d = await clinic(t());
        const responses = await Promise.all(Array.from({ length: 10 }, () => create(d, { scheduledDate: '2030-05-01', scheduledTime: '09:00' })));
        assert.deepEqual(outcomes(responses), ['CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT', 'ok']);
        const stored = await t().database.db.selectFrom('appointments').select('id').where('doctorId', '=', d.doctor.userId).where('scheduledDate', '=', '2030-05-01').execute();
        assert.equal(stored.length, 1);
      });

      test('concurrent bookings across midnight and at staggered times never leave two overlapping', async () => {
        const d = await clinic(t());
        // Eight nights: on each, three bookings at 23:30 for an hour and three at 00:00 the next day.
        const nights = ['2030-07-01', '2030-07-03', '2030-07-05', '2030-07-07', '2030-07-09', '2030-07-11', '2030-07-13', '2030-07-15'];
        const contenders = nights.map((night) => {
          const next = `2030-07-${String(Number(night.slice(8)) + 1).padStart(2, '0')}`;
          return Array.from({ length: 6 }, (_, i) =>
            i % 2 ? create(d, { scheduledDate: night, scheduledTime: '23:30', duration: 60 }) : create(d, { scheduledDate: next, scheduledTime: '00:00', duration: 30 }),
          );
        });
        const results = await Promise.all(contenders.map((night) => Promise.all(night)));
        for (const night of results) assert.deepEqual(outcomes(night), ['CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT', 'ok']);

        const staggered = await Promise.all(Array.from({ length: 10 }, (_, i) => create(d, { scheduledDate: '2030-05-04', scheduledTime: `10:${String(i * 5).padStart(2, '0')}`, duration: 30 })));
        assert.ok(staggered.some((r) => r.statusCode === 200));
        assert.ok(staggered.every((r) => r.statusCode === 200 || r.body.error.code === 'CONFLICT'));
        const rows = await t().database.db.selectFrom('appointments').select(['startMinute', 'endMinute']).where('doctorId', '=', d.doctor.userId).where('scheduledDate', '=', '2030-05-04').orderBy('startMinute').execute();
        for (let i = 1; i < rows.length; i++) assert.ok(Number(rows[i]!.startMinute) >= Number(rows[i - 1]!.endMinute), 'stored appointments overlap');
      });
    });

    describe('createPending', () => {
      test('holds the slot until holdExpiresAt, then frees it', async () => {
        clock = START;
        const d = await clinic(t());
        const { item } = ok(await call('createPending', booking(d, { scheduledTime: '15:00', consultationFee: 250 })));
        assert.deepEqual(Object.keys(item).sort(), ITEM_FIELDS);
        assert.equal(item.status, 'pending');
        assert.equal(item.paymentStatus, 'pending');
        assert.equal(item.holdExpiresAt, START + 15 * 60_000);
        assert.equal(item.consultationFee, 250);
        failsWith(await create(d, { scheduledTime: '15:10' }), 'CONFLICT', 409);
        clock = START + 15 * 60_000 - 1;
        failsWith(await create(d, { scheduledTime: '15:10' }), 'CONFLICT', 409);
        clock = START + 15 * 60_000;
        ok(await create(d, { scheduledTime: '15:10' }));
        clock = START;
      });

      test('validates like create; status may only be pending; another organization\'s patient is refused', async () => {
        const d = await clinic(t());
        failsWith(await call('createPending', booking(d, { status: 'confirmed' })), 'VALIDATION_FAILED', 400);
        failsWith(await call('createPending', booking(d, { duration: 0 })), 'VALIDATION_FAILED', 400);
        failsWith(await call('createPending', booking(d, { patientId: c.patient })), 'VALIDATION_FAILED', 400);
        assert.equal(ok(await call('createPending', booking(d, { status: 'pending', scheduledTime: '17:00' }))).item.status, 'pending');
      });
    });

    describe('createByDoctor', () => {
      const byDoctor = (d: Clinic, patientDetails: Record<string, unknown>, data: Record<string, unknown> = {}) =>
        call('createByDoctor', { organizationId: d.org, doctorId: d.doctor.userId, patientDetails, scheduledDate: '2030-06-01', scheduledTime: '09:00', duration: 20, ...data });
      const patientCount = async (org: string) =>
        Number((await t().database.db.selectFrom('patients').select((eb) => eb.fn.countAll().as('n')).where('organizationId', '=', org).executeTakeFirstOrThrow()).n);

      test('registers a new patient from the details and books in one go', async () => {
        const d = await clinic(t());
        const data = ok(await byDoctor(d, { patientName: 'Meera Iyer', mobileNumber: '+91 98111 22233', emailId: 'Meera@Example.test', dob: '1990-04-01', gender: 'female', address: { city: 'Pune' } }, { reason: 'checkup' }));
        assert.equal(data.patientCreated, true);
        assert.equal(data.patient.name, 'Meera Iyer');
        assert.equal(data.patient.mobileNumber, '+919811122233');
        assert.equal(data.patient.email, 'meera@example.test');
        assert.deepEqual(data.patient.address, { city: 'Pune' });
        assert.equal(data.item.patientId, data.patient.id);
        assert.equal(data.item.status, 'scheduled');
        assert.equal(data.item.reason, 'checkup');
        assert.deepEqual(ok(await t().call('patients', 'getById', { id: data.patient.id, organizationId: d.org })).item, data.patient);
      });

      test('reuses the patient matched by mobile number, else by email, else by id', async () => {
        const d = await clinic(t());
        const before = await patientCount(d.org);
        const byMobile = ok(await byDoctor(d, { patientName: 'Someone Else', mobileNumber: '+91-98000-00001' }));
        assert.equal(byMobile.patientCreated, false);
        assert.equal(byMobile.item.patientId, d.patient);
        const emailed = await patient(t(), d.org, { name: 'Kiran', email: 'kiran@example.test' });
        const byEmail = ok(await byDoctor(d, { emailId: 'KIRAN@example.test' }, { scheduledTime: '10:00' }));
        assert.equal(byEmail.item.patientId, emailed);
        const byId = ok(await byDoctor(d, { id: d.signedPatient.id }, { scheduledTime: '11:00' }));
        assert.equal(byId.item.patientId, d.signedPatient.id);
        assert.equal(await patientCount(d.org), before + 1);
      });

      test('ten bookings at once for the same new patient register that patient once', async () => {
        const d = await clinic(t());
        const before = await patientCount(d.org);
        const times = ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
        const answers = await Promise.all(
          times.map((scheduledTime) => byDoctor(d, { patientName: 'Asha Rao', mobileNumber: '+91 97000 11122' }, { scheduledDate: '2030-06-02', scheduledTime })),
        );
        const booked = answers.map((answer) => ok(answer));
        assert.equal(booked.filter((b) => b.patientCreated).length, 1);
        assert.equal(new Set(booked.map((b) => b.item.patientId)).size, 1);
        assert.equal(await patientCount(d.org), before + 1);
      });

      test('a patient of another organization, a missing name or bad details are VALIDATION_FAILED', async () => {
        const d = await clinic(t());
        const cases: [Record<string, unknown>, string][] = [
          [{ id: c.patient }, 'patientDetails.id'],
          [{ mobileNumber: '+91 90000 99999' }, 'patientDetails.patientName'],
          [{ patientName: 'X', mobileNumber: 'call me' }, 'patientDetails.mobileNumber'],
          [{ patientName: 'X', emailId: 'nope' }, 'patientDetails.emailId'],
          [{ patientName: 'X', dob: '1990-13-01' }, 'patientDetails.dob'],
        ];
        for (const [details, path] of cases) {
          const error = failsWith(await byDoctor(d, details), 'VALIDATION_FAILED', 400);
          assert.deepEqual(error.details!.map((e) => e.path), [path]);
        }
        failsWith(await call('createByDoctor', { organizationId: d.org, doctorId: d.doctor.userId, scheduledDate: '2030-06-01', scheduledTime: '09:00', duration: 20 }), 'VALIDATION_FAILED', 400);
      });

      test('a refused booking leaves no new patient behind (one transaction)', async () => {
        const d = await clinic(t());
        ok(await create(d, { scheduledDate: '2030-06-01', scheduledTime: '09:00' }));
        const before = await patientCount(d.org);
        failsWith(await byDoctor(d, { patientName: 'New Person', mobileNumber: '+91 97000 00000' }), 'CONFLICT', 409);
        failsWith(await byDoctor(d, { patientName: 'New Person' }, { doctorId: c.doctor.userId, scheduledTime: '18:00' }), 'VALIDATION_FAILED', 400);
        assert.equal(await patientCount(d.org), before);
      });
    });
  },
  { services: { now: () => clock } },
);

describeEachDialect(
  'appointments hold time from configuration',
  (t) => {
    test('APPOINTMENT_HOLD_MINUTES sets how long a pending hold lasts', async () => {
      const c = await clinic(t());
      const { item } = ok(await appointments(t())('createPending', booking(c)));
      assert.equal(item.holdExpiresAt, START + 5 * 60_000);
    });
  },
  { env: { APPOINTMENT_HOLD_MINUTES: '5' }, services: { now: () => START } },
);
