import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signIn, type SignedIn } from '../builders.ts';
import { describeEachDialect, failsWith, type TestApp } from '../harness.ts';
import { newId } from '../../src/values/ids.ts';
import { accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, finding 4: a move is the same move whichever operation makes it. In production mode,
 * a status reached through `update`, `create` or `markPaymentSuccess` needs the roles of the
 * workflow operation that makes that move, passes its gates and is in the record's history; an
 * admission's advance changes only as a recorded payment, and the discharge gate reads that record.
 */

type Data = Record<string, unknown>;

interface Clinic {
  organizationId: string;
  slug: string;
  team: string;
  admin: string;
  doctor: SignedIn;
  receptionist: SignedIn;
  accountant: SignedIn;
  patientId: string;
}

async function clinic(t: TestApp): Promise<Clinic> {
  const owner = await accountWithOrganization(t, 'hospital', 'hospital');
  const organizationId = owner.organizationId;
  const team = `team-${newId().slice(-12)}`;
  const slug = ok(await t.call('organizations', 'update', { id: organizationId, idpTeamId: team }, { token: owner.token })).item.slug as string;
  const [doctor, receptionist, accountant] = await Promise.all(['doctor', 'receptionist', 'accountant'].map((role) => signIn(t, { organizationId, roles: [role] })));
  const patientId = ok(await t.call('patients', 'create', { organizationId, name: 'Asha Rao' }, { token: owner.token })).item.id as string;
  return { organizationId, slug, team, admin: owner.token, doctor: doctor!, receptionist: receptionist!, accountant: accountant!, patientId };
}

describeEachDialect(
  'security: a move is the same move whichever operation makes it (issue 24, finding 4)',
  (t) => {
    let slot = 0;
    /** On days gone by: a visit is not started or completed before its day (docs/appointments.md, "On the day"). */
    const booking = (c: Clinic, data: Data = {}): Data => {
      slot += 1;
      const hour = String(8 + (slot % 10)).padStart(2, '0');
      return { organizationId: c.organizationId, patientId: c.patientId, doctorId: c.doctor.userId, scheduledDate: `2021-0${1 + (slot % 9)}-1${slot % 10}`, scheduledTime: `${hour}:00`, duration: 30, type: 'consultation', ...data };
    };
    const appointments = (op: string, data: Data, token: string) => t().call('appointments', op, data, { token });
    const book = async (c: Clinic, data: Data = {}) => ok(await appointments('create', booking(c, data), c.receptionist.token)).item as Data & { id: string };
    const read = async (c: Clinic, id: string) => ok(await appointments('getById', { organizationId: c.organizationId, id }, c.admin)).item as Data & { history: Data[] };

    describe('appointments', () => {
      it('a receptionist cannot start or complete a visit through update; a doctor can, and the moves are in its history', async () => {
        const c = await clinic(t());
        const visit = await book(c);
        const move = (status: string, token: string) => appointments('update', { organizationId: c.organizationId, id: visit.id, status }, token);
        failsWith(await move('in_consultation', c.receptionist.token), 'FORBIDDEN', 403);
        failsWith(await move('completed', c.receptionist.token), 'FORBIDDEN', 403);
        const untouched = await read(c, visit.id);
        assert.equal(untouched.status, 'scheduled');
        assert.deepEqual(untouched.history, []);

        ok(await move('in_consultation', c.doctor.token));
        ok(await move('completed', c.doctor.token));
        const done = await read(c, visit.id);
        assert.equal(done.status, 'completed');
        assert.deepEqual(
          done.history.map((h) => [h.operation, h.by, (h.previous as Data).status]),
          [
            ['start', c.doctor.idpUserId, 'scheduled'],
            ['complete', c.doctor.idpUserId, 'in_consultation'],
          ],
        );
      });

      it('a label is still any text within the stage, and a receptionist checks a patient in through update, in the history', async () => {
        const c = await clinic(t());
        const visit = await book(c);
        const move = (status: string) => appointments('update', { organizationId: c.organizationId, id: visit.id, status }, c.receptionist.token);
        assert.equal(ok(await move('running late')).item.status, 'running late');
        assert.equal(ok(await move('checked_in')).item.status, 'checked_in');
        const history = (await read(c, visit.id)).history;
        assert.deepEqual(history.map((h) => [h.operation, h.by]), [['checkIn', c.receptionist.idpUserId]]);
      });

      it('create starts a visit only as pending, scheduled or confirmed', async () => {
        const c = await clinic(t());
        for (const status of ['in_consultation', 'completed', 'checked_in', 'no_show', 'cancelled']) {
          const error = failsWith(await appointments('create', booking(c, { status }), c.admin), 'VALIDATION_FAILED', 400);
          assert.equal(error.details?.[0]?.path, 'status', status);
        }
        assert.equal((await book(c, { status: 'confirmed' })).status, 'confirmed');
        assert.equal((await book(c, { status: 'walk-in' })).status, 'walk-in');
      });

      it('an accountant cannot complete a visit through markPaymentSuccess; the payment and its move are in the history', async () => {
        const c = await clinic(t());
        const visit = await book(c);
        const pay = (data: Data, token: string) => appointments('markPaymentSuccess', { organizationId: c.organizationId, id: visit.id, paymentMethod: 'cash', ...data }, token);
        failsWith(await pay({ status: 'completed' }, c.accountant.token), 'FORBIDDEN', 403);
        const untouched = await read(c, visit.id);
        assert.equal(untouched.status, 'scheduled');
        assert.equal(untouched.paymentStatus, null);

        assert.equal(ok(await pay({}, c.accountant.token)).item.status, 'confirmed');
        const confirmed = await read(c, visit.id);
        assert.deepEqual(confirmed.history.map((h) => [h.operation, h.by]), [['markPaymentSuccess', c.accountant.idpUserId]]);

        const other = await book(c);
        ok(await appointments('markPaymentSuccess', { organizationId: c.organizationId, id: other.id, status: 'completed' }, c.doctor.token));
        const done = await read(c, other.id);
        assert.equal(done.status, 'completed');
        assert.deepEqual(done.history.map((h) => [h.operation, h.by]), [['complete', c.doctor.idpUserId]]);
      });
    });

    describe('admissions', () => {
      async function admitted(c: Clinic, charge: number) {
        const admission = ok(
          await t().call('admissions', 'create', { organizationId: c.organizationId, patientId: c.patientId, admittingDoctorId: c.doctor.userId, admissionReason: 'Fever', status: 'ADMITTED' }, { token: c.admin }),
        ).item as Data & { id: string };
        const serviceId = ok(await t().call('services', 'create', { organizationId: c.organizationId, name: 'Surgery', category: 'procedure', price: charge, taxPercent: 0 }, { token: c.admin })).item.id;
        ok(await t().call('admissionCharges', 'applyCharge', { idpTeamId: c.team, idpUserId: c.accountant.idpUserId, serviceId, chargeType: 'procedure', admissionId: admission.id }, { token: c.accountant.token }));
        return admission;
      }
      const update = (c: Clinic, id: string, data: Data, token: string) => t().call('admissions', 'update', { organizationId: c.organizationId, id, ...data }, { token });
      const events = async (c: Clinic, id: string) => (ok(await t().call('admissions', 'getAdmissionLogs', { admissionId: id }, { token: c.admin })).items as Data[]).map((l) => l.event);
      const stage = async (c: Clinic, id: string) => ok(await t().call('admissions', 'getById', { organizationId: c.organizationId, id }, { token: c.admin })).item as Data;
      const billing = async (c: Clinic, id: string) => ok(await t().call('admissions', 'getAdmittedPatientDetailForBilling', { organizationSlug: c.slug, admissionId: id }, { token: c.admin }));

      it('the receptionist walk-around: advance raised, discharged through update, advance lowered: the discharge and the lowering are refused', async () => {
        const c = await clinic(t());
        const admission = await admitted(c, 1000);
        ok(await update(c, admission.id, { advanceAmount: 100000, advancePaymentMethod: 'cash' }, c.receptionist.token));
        failsWith(await update(c, admission.id, { status: 'DISCHARGED' }, c.receptionist.token), 'FORBIDDEN', 403);
        failsWith(await update(c, admission.id, { advanceAmount: 0 }, c.receptionist.token), 'FORBIDDEN', 403);
        const after = await stage(c, admission.id);
        assert.equal(after.status, 'ADMITTED');
        assert.equal(after.advanceAmount, 100000);
        const log = await events(c, admission.id);
        assert.ok(!log.includes('DISCHARGED'));
        assert.ok(log.includes('ADVANCE_RECORDED'), log.join());
      });

      it('an advance raised and lowered around a discharge: the discharge reads the recorded money and a discharged bill cannot be re-opened', async () => {
        const c = await clinic(t());
        const admission = await admitted(c, 1000);
        failsWith(await update(c, admission.id, { status: 'DISCHARGED' }, c.accountant.token), 'INVALID_STATE', 409);
        ok(await update(c, admission.id, { advanceAmount: 1000, advancePaymentMethod: 'upi' }, c.accountant.token));
        assert.equal((await billing(c, admission.id)).balanceDue, 0);
        ok(await update(c, admission.id, { status: 'DISCHARGED' }, c.accountant.token));
        failsWith(await update(c, admission.id, { advanceAmount: 0 }, c.accountant.token), 'INVALID_STATE', 409);
        const bill = await billing(c, admission.id);
        assert.equal(bill.balanceDue, 0);
        assert.equal(bill.advancePaid, 1000);
        const log = await events(c, admission.id);
        assert.ok(log.includes('DISCHARGED'));
        assert.ok(!log.includes('DISCHARGE_OVERRIDE'));

        // A payment recorded and refunded around a discharge is refused the same way.
        const other = await admitted(c, 500);
        ok(await t().call('admissions', 'recordPayment', { organizationId: c.organizationId, admissionId: other.id, amount: 500, method: 'cash' }, { token: c.accountant.token }));
        ok(await t().call('admissions', 'discharge', { organizationId: c.organizationId, id: other.id }, { token: c.accountant.token }));
        failsWith(await t().call('admissions', 'refundPayment', { organizationId: c.organizationId, admissionId: other.id, amount: 500, method: 'cash', reason: 'walk-around' }, { token: c.accountant.token }), 'INVALID_STATE', 409);
      });

      it('an advance is recorded like a payment: who, when, how much; lowering it is a refund by those who refund', async () => {
        const c = await clinic(t());
        const admission = await admitted(c, 1000);
        failsWith(await update(c, admission.id, { advanceAmount: 300 }, c.doctor.token), 'FORBIDDEN', 403);
        ok(await update(c, admission.id, { advanceAmount: 300, advancePaymentMethod: 'cash' }, c.receptionist.token));
        ok(await update(c, admission.id, { advanceAmount: 200 }, c.accountant.token));
        const logs = ok(await t().call('admissions', 'getAdmissionLogs', { admissionId: admission.id }, { token: c.admin })).items as Data[];
        const money = logs.filter((l) => String(l.event).startsWith('ADVANCE_')).map((l) => [l.event, l.performedByUserId, l.notes]);
        assert.deepEqual(money.map(([event, by]) => [event, by]), [
          ['ADVANCE_RECORDED', c.receptionist.userId],
          ['ADVANCE_REFUNDED', c.accountant.userId],
        ]);
        assert.match(String(money[0]![2]), /300\.00/);
        assert.match(String(money[1]![2]), /100\.00/);
        assert.equal((await billing(c, admission.id)).balanceDue, 800);
        assert.equal((await stage(c, admission.id)).advanceAmount, 200);

        failsWith(
          await t().call('admissions', 'create', { organizationId: c.organizationId, patientId: c.patientId, admittingDoctorId: c.doctor.userId, admissionReason: 'Fever', advanceAmount: 50 }, { token: c.doctor.token }),
          'FORBIDDEN',
          403,
        );
      });

      it('create starts an admission only as REQUESTED or ADMITTED', async () => {
        const c = await clinic(t());
        for (const status of ['DISCHARGED', 'DISCHARGE_REQUESTED', 'CANCELLED']) {
          const created = await t().call('admissions', 'create', { organizationId: c.organizationId, patientId: c.patientId, admittingDoctorId: c.doctor.userId, admissionReason: 'Fever', status }, { token: c.admin });
          failsWith(created, 'VALIDATION_FAILED', 400);
        }
      });
    });
  },
  production(),
);

describeEachDialect('security: without a token in the optional mode, roles are the interface\'s but gates and history hold', (t) => {
  it('an anonymous update completes a visit (no roles) and the move is in its history', async () => {
    const organizationId = ok(await t().call('organizations', 'create', { name: 'Clinic', slug: `c-${newId().slice(-10).toLowerCase()}`, type: 'clinic' })).item.id;
    const doctor = await signIn(t(), { organizationId, roles: ['doctor'] });
    const patientId = ok(await t().call('patients', 'create', { organizationId, name: 'Asha Rao' })).item.id;
    const visit = ok(await t().call('appointments', 'create', { organizationId, patientId, doctorId: doctor.userId, scheduledDate: '2021-02-02', scheduledTime: '10:00', duration: 30, type: 'consultation' })).item;
    failsWith(await t().call('appointments', 'create', { organizationId, patientId, doctorId: doctor.userId, scheduledDate: '2031-02-02', scheduledTime: '11:00', duration: 30, type: 'consultation', status: 'completed' }), 'VALIDATION_FAILED', 400);
    ok(await t().call('appointments', 'update', { organizationId, id: visit.id, status: 'completed' }));
    const done = ok(await t().call('appointments', 'getById', { organizationId, id: visit.id })).item;
    assert.deepEqual(done.history.map((h: Data) => [h.operation, h.by]), [['complete', null]]);
  });
});
