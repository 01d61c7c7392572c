import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { kit, type Hospital } from './admissions.testkit.ts';

const FIELDS = [
  'admissionNotes', 'admissionReason', 'admittedAt', 'admittingDoctorId', 'advanceAmount', 'advanceCollectedByUserId', 'advancePaidAt',
  'advancePaymentMethod', 'advanceTransactionId', 'appointmentId', 'bedId', 'billingClearedAt', 'billingClearedByUserId', 'cancelledAt',
  'cancelledByUserId', 'confirmedByUserId', 'consultationId', 'createdAt', 'dischargeReason', 'dischargeRequestedAt', 'dischargeSummary',
  'dischargedAt', 'dischargingDoctorId', 'firstCareStartedAt', 'firstCareStartedByNurseId', 'id', 'organizationId', 'patientId',
  'requestedAt', 'roomId', 'status', 'updatedAt', 'wardId',
];

describeEachDialect('admissions', (t) => {
  const k = kit(t);
  let h: Hospital;

  before(async () => {
    h = await k.hospital();
  });

  test('create: defaults REQUESTED and requestedAt now, whole record, bed occupied with the admission, logged', async () => {
    const bedId = await k.bed(h);
    const started = Date.now();
    const { item } = ok(await k.admit(h, { bedId, advanceAmount: 5000.5, advancePaymentMethod: 'cash', appointmentId: 'appt-1', id: 'mine', extra: 1 }, h.receptionist.token));
    assert.deepEqual(Object.keys(item).sort(), FIELDS);
    assert.notEqual(item.id, 'mine');
    assert.equal(item.status, 'REQUESTED');
    assert.ok(item.requestedAt >= started);
    assert.equal(item.bedId, bedId);
    assert.equal(item.wardId, h.wardId, 'ward and room follow the bed');
    assert.equal(item.roomId, h.roomId);
    assert.equal(item.advanceAmount, 5000.5);
    assert.equal(item.advanceCollectedByUserId, h.receptionist.userId);
    assert.ok(item.advancePaidAt >= started);
    assert.equal(item.admittedAt, null);
    assert.deepEqual(await k.getAdmission(h.organizationId, item.id), item);
    const bed = await k.getBed(h.organizationId, bedId);
    assert.equal(bed.status, 'OCCUPIED');
    assert.equal(bed.currentAdmissionId, item.id);
    const logs = await k.logs(item.id);
    assert.deepEqual(logs.map((l) => l.event), ['REQUESTED', 'ADVANCE_RECORDED', 'BED_ASSIGNED'], 'the advance is recorded like a payment');
    assert.equal(logs[0]!.performedByUserId, h.receptionist.userId);
    assert.equal(logs[0]!.performedByRole, 'receptionist');
    assert.equal(logs[0]!.patientId, h.patientId);
    assert.equal(logs[0]!.source, 'system');
  });

  test('create as ADMITTED stamps admittedAt and confirmedByUserId; a status of its own is kept; ended statuses are refused', async () => {
    const { item } = ok(await k.admit(h, { status: 'admitted', requestedAt: 1000 }, h.doctor.token));
    assert.equal(item.status, 'ADMITTED', 'a known status in any case');
    assert.equal(item.requestedAt, 1000);
    assert.ok(item.admittedAt > 1000);
    assert.equal(item.confirmedByUserId, h.doctor.userId);
    assert.deepEqual(await k.events(item.id), ['ADMITTED']);
    assert.equal(ok(await k.admit(h, { status: 'Awaiting ICU' })).item.status, 'Awaiting ICU');
    for (const status of ['DISCHARGED', 'CANCELLED', 'DISCHARGE_REQUESTED']) {
      const error = failsWith(await k.admit(h, { status }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path), ['status']);
    }
  });

  test('create validates required fields, types and references of the organization', async () => {
    const error = failsWith(
      await t().call('admissions', 'create', { organizationId: h.organizationId, requestedAt: -1, advanceAmount: 10.555, bedId: '' }),
      'VALIDATION_FAILED',
      400,
    );
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['admissionReason', 'admittingDoctorId', 'advanceAmount', 'bedId', 'patientId', 'requestedAt']);
    const other = await k.hospital();
    const nurse = await signIn(t(), { organizationId: h.organizationId, roles: ['nurse'] });
    const cases: [Record<string, unknown>, string][] = [
      [{ patientId: other.patientId }, 'patientId'],
      [{ admittingDoctorId: nurse.userId }, 'admittingDoctorId'],
      [{ admittingDoctorId: other.doctor.userId }, 'admittingDoctorId'],
      [{ wardId: other.wardId }, 'wardId'],
      [{ roomId: other.roomId }, 'roomId'],
    ];
    for (const [data, path] of cases) {
      assert.deepEqual(failsWith(await k.admit(h, data), 'VALIDATION_FAILED', 400).details!.map((d) => d.path), [path]);
    }
    const secondWard = ok(await t().call('wards', 'create', { organizationId: h.organizationId, name: 'Second' })).item.id;
    failsWith(await k.admit(h, { wardId: secondWard, roomId: h.roomId }), 'VALIDATION_FAILED', 400);
    const inRoom = ok(await k.admit(h, { roomId: h.roomId })).item;
    assert.equal(inRoom.wardId, h.wardId, 'the ward is filled from the room');
  });

  test('a bed that is occupied, inactive, under maintenance, missing or of another organization is CONFLICT, and nothing is written', async () => {
    const taken = await k.bed(h);
    ok(await k.admit(h, { bedId: taken }));
    const inactive = await k.bed(h, { isActive: false });
    const maintenance = await k.bed(h, { status: 'MAINTENANCE' });
    const cleaning = await k.bed(h, { status: 'CLEANING' });
    const other = await k.hospital();
    const foreign = await k.bed(other);
    const before = ok(await t().call('admissions', 'listByOrganization', { organizationId: h.organizationId })).total;
    for (const bedId of [taken, inactive, maintenance, cleaning, foreign, 'no-such-bed']) {
      failsWith(await k.admit(h, { bedId }), 'CONFLICT', 409);
    }
    assert.equal(ok(await t().call('admissions', 'listByOrganization', { organizationId: h.organizationId })).total, before);
    assert.equal((await k.getBed(other.organizationId, foreign)).status, 'AVAILABLE');
    const wrongWard = ok(await t().call('wards', 'create', { organizationId: h.organizationId, name: 'W2' })).item.id;
    const free = await k.bed(h);
    assert.deepEqual(failsWith(await k.admit(h, { bedId: free, wardId: wrongWard }), 'VALIDATION_FAILED', 400).details!.map((d) => d.path), ['wardId']);
    assert.equal((await k.getBed(h.organizationId, free)).status, 'AVAILABLE', 'the claim was rolled back with the refusal');
  });

  test('a bed RESERVED for this admission can be given to it; one reserved for another cannot', async () => {
    const waiting = ok(await k.admit(h)).item;
    const reserved = await k.bed(h, { status: 'RESERVED', currentAdmissionId: waiting.id });
    failsWith(await k.admit(h, { bedId: reserved }), 'CONFLICT', 409);
    const spare = await k.bed(h, { status: 'RESERVED', currentAdmissionId: waiting.id });
    const moved = ok(await k.update(h, waiting.id, { bedId: reserved })).item;
    assert.equal(moved.bedId, reserved);
    assert.equal((await k.getBed(h.organizationId, reserved)).status, 'OCCUPIED');
    const released = await k.getBed(h.organizationId, spare);
    assert.equal(released.status, 'AVAILABLE', 'other beds reserved for it are released');
    assert.equal(released.currentAdmissionId, null);
  });

  test('two concurrent admissions to one bed: exactly one wins, the bed names the winner', async () => {
    const bedId = await k.bed(h);
    const patients = await Promise.all(Array.from({ length: 6 }, (_, i) => k.patient(h.organizationId, `P${i}`)));
    const responses = await Promise.all(patients.map((patientId) => k.admit(h, { patientId, bedId })));
    const won = responses.filter((r) => r.statusCode === 200);
    assert.equal(won.length, 1);
    for (const r of responses.filter((x) => x.statusCode !== 200)) failsWith(r, 'CONFLICT', 409);
    const bed = await k.getBed(h.organizationId, bedId);
    assert.equal(bed.status, 'OCCUPIED');
    assert.equal(bed.currentAdmissionId, ok(won[0]!).item.id);
    const holders = await t().database.db.selectFrom('admissions').select('id').where('bedId', '=', bedId).execute();
    assert.equal(holders.length, 1);
  });

  test('two concurrent moves of different admissions to one bed: one wins, the loser keeps its old bed', async () => {
    const target = await k.bed(h);
    const a = ok(await k.admit(h, { bedId: await k.bed(h) })).item;
    const b = ok(await k.admit(h, { patientId: await k.patient(h.organizationId), bedId: await k.bed(h) })).item;
    const [ra, rb] = await Promise.all([k.update(h, a.id, { bedId: target }), k.update(h, b.id, { bedId: target })]);
    assert.equal([ra, rb].filter((r) => r.statusCode === 200).length, 1);
    const loser = ra.statusCode === 200 ? b : a;
    failsWith(ra.statusCode === 200 ? rb : ra, 'CONFLICT', 409);
    const loserNow = await k.getAdmission(h.organizationId, loser.id);
    assert.equal(loserNow.bedId, loser.bedId);
    assert.equal((await k.getBed(h.organizationId, loser.bedId)).currentAdmissionId, loser.id);
  });

  test('concurrent status changes of one admission run one after the other: ADMITTED or CANCELLED wins, once', async () => {
    for (let round = 0; round < 3; round++) {
      const bedId = await k.bed(h);
      const { item } = ok(await k.admit(h, { bedId }));
      const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => k.update(h, item.id, { status: i % 2 ? 'ADMITTED' : 'CANCELLED' })));
      const winner = (await k.getAdmission(h.organizationId, item.id)).status;
      for (const r of responses) {
        if (r.statusCode === 200) assert.equal(ok(r).item.status, winner, 'every success saw the winner');
        else failsWith(r, 'INVALID_STATE', 409);
      }
      assert.deepEqual((await k.events(item.id)).slice(2), winner === 'ADMITTED' ? ['ADMITTED'] : ['CANCELLED', 'BED_RELEASED']);
      assert.equal((await k.getBed(h.organizationId, bedId)).status, winner === 'ADMITTED' ? 'OCCUPIED' : 'AVAILABLE');
    }
  });

  test('moving to another bed frees the old one and logs BED_CHANGED; clearing bedId logs BED_RELEASED', async () => {
    const first = await k.bed(h);
    const second = await k.bed(h);
    const { item } = ok(await k.admit(h, { bedId: first, status: 'ADMITTED' }));
    const moved = ok(await k.update(h, item.id, { bedId: second })).item;
    assert.equal(moved.bedId, second);
    assert.equal((await k.getBed(h.organizationId, first)).status, 'AVAILABLE');
    assert.equal((await k.getBed(h.organizationId, first)).currentAdmissionId, null);
    assert.equal((await k.getBed(h.organizationId, second)).currentAdmissionId, item.id);
    const cleared = ok(await k.update(h, item.id, { bedId: null })).item;
    assert.equal(cleared.bedId, null);
    assert.equal((await k.getBed(h.organizationId, second)).status, 'AVAILABLE');
    assert.deepEqual(await k.events(item.id), ['ADMITTED', 'BED_ASSIGNED', 'BED_CHANGED', 'BED_RELEASED']);
    failsWith(await k.update(h, item.id, { bedId: second, roomId: 'elsewhere' }), 'VALIDATION_FAILED', 400);
    ok(await k.update(h, item.id, { bedId: second }));
    failsWith(await k.update(h, item.id, { wardId: null }), 'VALIDATION_FAILED', 400);
  });

  test('the status table: allowed moves pass, others are INVALID_STATE and change nothing', async () => {
    const allowed: [string, string][] = [
      ['REQUESTED', 'ADMITTED'],
      ['REQUESTED', 'CANCELLED'],
      ['ADMITTED', 'DISCHARGE_REQUESTED'],
      ['DISCHARGE_REQUESTED', 'ADMITTED'],
      ['REQUESTED', 'On hold'],
      ['On hold', 'ADMITTED'],
    ];
    const refused: [string, string][] = [
      ['REQUESTED', 'DISCHARGE_REQUESTED'],
      ['ADMITTED', 'REQUESTED'],
      ['ADMITTED', 'CANCELLED'],
      ['DISCHARGE_REQUESTED', 'CANCELLED'],
      ['CANCELLED', 'REQUESTED'],
      ['CANCELLED', 'On hold'],
    ];
    const reach = async (status: string) => {
      const { item } = ok(await k.admit(h, status === 'ADMITTED' || status === 'REQUESTED' || status === 'On hold' ? { status } : {}));
      if (status === 'DISCHARGE_REQUESTED') {
        ok(await k.update(h, item.id, { status: 'ADMITTED' }));
        ok(await k.update(h, item.id, { status }));
      }
      if (status === 'CANCELLED') ok(await k.update(h, item.id, { status }));
      return item.id as string;
    };
    for (const [from, to] of allowed) {
      const id = await reach(from);
      assert.equal(ok(await k.update(h, id, { status: to })).item.status, to, `${from} -> ${to}`);
    }
    for (const [from, to] of refused) {
      const id = await reach(from);
      failsWith(await k.update(h, id, { status: to }), 'INVALID_STATE', 409);
      assert.equal((await k.getAdmission(h.organizationId, id)).status, from);
    }
    const id = await reach('REQUESTED');
    failsWith(await k.update(h, id, { status: null }), 'VALIDATION_FAILED', 400);
  });

  test('times and actors are stamped on each status unless given; a withdrawn discharge request clears its time', async () => {
    const { item } = ok(await k.admit(h, {}, h.receptionist.token));
    const admitted = ok(await k.update(h, item.id, { status: 'ADMITTED', admittedAt: 12345 }, h.doctor.token)).item;
    assert.equal(admitted.admittedAt, 12345, 'a given time is kept');
    assert.equal(admitted.confirmedByUserId, h.doctor.userId);
    const requested = ok(await k.update(h, item.id, { status: 'DISCHARGE_REQUESTED' }, h.doctor.token)).item;
    assert.ok(requested.dischargeRequestedAt > 0);
    const back = ok(await k.update(h, item.id, { status: 'ADMITTED' }, h.doctor.token)).item;
    assert.equal(back.dischargeRequestedAt, null);
    assert.equal(back.admittedAt, 12345, 'admittedAt is not stamped again');
    const cancelledOne = ok(await k.admit(h)).item;
    const cancelled = ok(await k.update(h, cancelledOne.id, { status: 'CANCELLED' }, h.receptionist.token)).item;
    assert.ok(cancelled.cancelledAt > 0);
    assert.equal(cancelled.cancelledByUserId, h.receptionist.userId);
    const logs = await k.logs(item.id);
    assert.deepEqual(logs.map((l) => l.event), ['REQUESTED', 'ADMITTED', 'DISCHARGE_REQUESTED', 'ADMITTED']);
    assert.deepEqual(logs.map((l) => l.performedByRole), ['receptionist', 'doctor', 'doctor', 'doctor']);
    assert.equal(logs[1]!.notes, 'from REQUESTED to ADMITTED');
    const anonymous = ok(await k.admit(h)).item;
    ok(await k.update(h, anonymous.id, { status: 'ADMITTED' }));
    const anonymousLog = (await k.logs(anonymous.id))[1]!;
    assert.equal(anonymousLog.performedByUserId, null, 'without a token the change is logged without an actor');
    assert.equal((await k.getAdmission(h.organizationId, anonymous.id)).confirmedByUserId, null);
  });

  test('discharge needs the balance settled: INVALID_STATE with money due (a typed clearance does not open it), allowed once paid; the bed is freed to AVAILABLE', async () => {
    const bedId = await k.bed(h);
    const { item } = ok(await k.admit(h, { bedId, status: 'ADMITTED' }));
    await k.charge(h, item.id, 315);
    const refused = failsWith(await k.update(h, item.id, { status: 'DISCHARGED' }), 'INVALID_STATE', 409);
    assert.match(refused.message, /315\.00 due/);
    assert.equal((await k.getAdmission(h.organizationId, item.id)).status, 'ADMITTED');
    assert.equal((await k.getBed(h.organizationId, bedId)).status, 'OCCUPIED');
    const cleared = ok(await k.update(h, item.id, { billingClearedAt: 777 }, h.receptionist.token)).item;
    assert.equal(cleared.billingClearedAt, 777);
    assert.equal(cleared.billingClearedByUserId, h.receptionist.userId);
    failsWith(await k.update(h, item.id, { status: 'DISCHARGED' }), 'INVALID_STATE', 409);
    ok(await k.pay(h, item.id, 315));
    const discharged = ok(await k.update(h, item.id, { status: 'DISCHARGED', dischargeSummary: 'Recovered' }, h.doctor.token)).item;
    assert.equal(discharged.status, 'DISCHARGED');
    assert.ok(discharged.dischargedAt > 0);
    assert.equal(discharged.bedId, bedId, 'the bed stays on the record as history');
    const bed = await k.getBed(h.organizationId, bedId);
    assert.equal(bed.status, 'AVAILABLE');
    assert.equal(bed.currentAdmissionId, null);
    assert.deepEqual(await k.events(item.id), ['ADMITTED', 'BED_ASSIGNED', 'BILLING_CLEARED', 'PAYMENT_RECORDED', 'DISCHARGED', 'BED_RELEASED']);
    failsWith(await k.update(h, item.id, { status: 'ADMITTED' }), 'INVALID_STATE', 409);
    failsWith(await k.update(h, item.id, { bedId: await k.bed(h) }), 'INVALID_STATE', 409);
    assert.equal(ok(await k.update(h, item.id, { dischargeSummary: 'Amended' })).item.dischargeSummary, 'Amended');
  });

  test('billing cleared in the same update as the discharge counts; re-opening billing is logged', async () => {
    const { item } = ok(await k.admit(h, { status: 'ADMITTED' }));
    ok(await k.update(h, item.id, { billingClearedByUserId: h.receptionist.userId }));
    const reopened = ok(await k.update(h, item.id, { billingClearedAt: null })).item;
    assert.equal(reopened.billingClearedAt, null);
    assert.equal(reopened.billingClearedByUserId, null);
    const done = ok(await k.update(h, item.id, { status: 'DISCHARGED', billingClearedAt: 5 })).item;
    assert.equal(done.billingClearedAt, 5);
    assert.deepEqual(await k.events(item.id), ['ADMITTED', 'BILLING_CLEARED', 'BILLING_REOPENED', 'BILLING_CLEARED', 'DISCHARGED']);
  });

  test('with housekeeping, a discharge sends the bed to CLEANING; the retired setting allowDischargeWithUnbilledCharges opens no gate', async () => {
    const lenient = await k.hospital({ allowDischargeWithUnbilledCharges: true, housekeepingEnabled: true });
    const owing = ok(await k.admit(lenient, { status: 'ADMITTED' })).item;
    await k.charge(lenient, owing.id, 50);
    failsWith(await k.update(lenient, owing.id, { status: 'DISCHARGED' }), 'INVALID_STATE', 409);
    const bedId = await k.bed(lenient);
    const { item } = ok(await k.admit(lenient, { bedId, status: 'ADMITTED' }));
    const discharged = ok(await k.update(lenient, item.id, { status: 'DISCHARGED' })).item;
    assert.equal(discharged.billingClearedAt, null);
    assert.deepEqual(await k.events(item.id), ['ADMITTED', 'BED_ASSIGNED', 'DISCHARGED', 'BED_RELEASED']);
    assert.equal((await k.getBed(lenient.organizationId, bedId)).status, 'CLEANING');
    failsWith(await k.admit(lenient, { bedId, patientId: lenient.patientId }), 'CONFLICT', 409);
    ok(await t().call('beds', 'update', { organizationId: lenient.organizationId, id: bedId, status: 'AVAILABLE' }));
    ok(await k.admit(lenient, { bedId }));
  });

  test('cancellation frees the bed; an ended admission keeps its bed as history', async () => {
    const bedId = await k.bed(h);
    const { item } = ok(await k.admit(h, { bedId }));
    ok(await k.update(h, item.id, { status: 'CANCELLED' }));
    assert.equal((await k.getBed(h.organizationId, bedId)).status, 'AVAILABLE');
    assert.deepEqual(await k.events(item.id), ['REQUESTED', 'BED_ASSIGNED', 'CANCELLED', 'BED_RELEASED']);
    ok(await k.admit(h, { bedId }));
    const waiting = ok(await k.admit(h)).item;
    const reserved = await k.bed(h, { status: 'RESERVED', currentAdmissionId: waiting.id });
    ok(await k.update(h, waiting.id, { status: 'CANCELLED' }));
    assert.equal((await k.getBed(h.organizationId, reserved)).status, 'AVAILABLE', 'a reservation for a cancelled admission is released');
    const withBed = ok(await k.admit(h, { bedId: await k.bed(h) })).item;
    failsWith(await k.update(h, withBed.id, { status: 'CANCELLED', bedId: await k.bed(h) }), 'INVALID_STATE', 409);
  });

  test('the patient changes only while REQUESTED; admitting doctor must stay a doctor of the organization', async () => {
    const { item } = ok(await k.admit(h));
    const second = await k.patient(h.organizationId, 'Second');
    assert.equal(ok(await k.update(h, item.id, { patientId: second })).item.patientId, second);
    ok(await k.update(h, item.id, { status: 'ADMITTED' }));
    failsWith(await k.update(h, item.id, { patientId: h.patientId }), 'INVALID_STATE', 409);
    failsWith(await k.update(h, item.id, { admittingDoctorId: h.receptionist.userId }), 'VALIDATION_FAILED', 400);
    failsWith(await k.update(h, item.id, { confirmedByUserId: 'nobody' }), 'VALIDATION_FAILED', 400);
    failsWith(await k.update(h, item.id, { admissionReason: null }), 'VALIDATION_FAILED', 400);
  });

  test('getById / update / delete of another organization are NOT_FOUND; a member of another organization is FORBIDDEN', async () => {
    const { item } = ok(await k.admit(h));
    const other = orgId();
    failsWith(await t().call('admissions', 'getById', { organizationId: other, id: item.id }), 'NOT_FOUND', 404);
    failsWith(await t().call('admissions', 'update', { organizationId: other, id: item.id, status: 'CANCELLED' }), 'NOT_FOUND', 404);
    failsWith(await t().call('admissions', 'delete', { organizationId: other, id: item.id }), 'NOT_FOUND', 404);
    const outsider = await signIn(t(), { organizationId: other, roles: ['admin'] });
    failsWith(await k.update(h, item.id, { status: 'CANCELLED' }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await k.admit(h, {}, outsider.token), 'FORBIDDEN', 403);
    failsWith(await t().call('admissions', 'getById', { organizationId: h.organizationId }), 'VALIDATION_FAILED', 400);
    failsWith(await t().call('admissions', 'update', { organizationId: h.organizationId, id: item.id, requestedAt: 'soon' }), 'VALIDATION_FAILED', 400);
    assert.equal((await k.getAdmission(h.organizationId, item.id)).status, 'REQUESTED');
  });

  test('delete: a REQUESTED or CANCELLED admission without charges goes, its log stays with a row saying so, its bed is freed; others are INVALID_STATE', async () => {
    const bedId = await k.bed(h);
    const { item } = ok(await k.admit(h, { bedId }));
    assert.deepEqual(ok(await t().call('admissions', 'delete', { organizationId: h.organizationId, id: item.id })), { id: item.id, deleted: true });
    failsWith(await t().call('admissions', 'getById', { organizationId: h.organizationId, id: item.id }), 'NOT_FOUND', 404);
    assert.equal((await k.getBed(h.organizationId, bedId)).status, 'AVAILABLE');
    const rows = await t().database.db.selectFrom('admissionLogs').select(['event', 'source']).where('admissionId', '=', item.id).orderBy('createdAt').execute();
    assert.ok(rows.length >= 2, 'the request and its deletion are logged');
    assert.deepEqual(rows.filter((r) => r.event === 'ADMISSION_DELETED').map((r) => r.source), ['system']);
    const listed = ok(await t().call('admissionLogs', 'listByOrganization', { organizationId: h.organizationId })).items as Array<{ admissionId: string }>;
    assert.ok(listed.some((r) => r.admissionId === item.id), 'the rows of a deleted admission are still listed');
    failsWith(await t().call('admissions', 'delete', { organizationId: h.organizationId, id: item.id }), 'NOT_FOUND', 404);
    const admitted = ok(await k.admit(h, { status: 'ADMITTED' })).item;
    failsWith(await t().call('admissions', 'delete', { organizationId: h.organizationId, id: admitted.id }), 'INVALID_STATE', 409);
    const service = await k.service(h.organizationId);
    const charged = ok(await k.admit(h)).item;
    ok(await t().call('admissionCharges', 'applyCharge', { idpTeamId: h.team, idpUserId: h.receptionist.idpUserId, serviceId: service, chargeType: 'registration', admissionId: charged.id }));
    failsWith(await t().call('admissions', 'delete', { organizationId: h.organizationId, id: charged.id }), 'INVALID_STATE', 409);
    failsWith(await t().call('admissions', 'delete', { organizationId: h.organizationId }), 'VALIDATION_FAILED', 400);
    failsWith(await t().call('patients', 'delete', { organizationId: h.organizationId, id: h.patientId }), 'INVALID_STATE', 409);
  });
});
