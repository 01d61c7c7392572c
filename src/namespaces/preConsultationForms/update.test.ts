import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { appointment, clinic, formInput, FORM_FIELDS, preConsultationFlag, type Clinic } from './preConsultationForms.testkit.ts';

const NOW = Date.UTC(2026, 4, 11, 8, 0, 0);
let clock = NOW;

describeEachDialect(
  'preConsultationForms update, delete and the appointment flag',
  (t) => {
    const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('preConsultationForms', op, data, token ? { token } : {});
    const add = async (appointmentId: string, data: Record<string, unknown> = {}) => ok(await call('create', formInput(appointmentId, data))).item;
    const flag = (appointmentId: string) => preConsultationFlag(t(), c.org, appointmentId);
    let c: Clinic;
    let other: Clinic;
    before(async () => {
      c = await clinic(t());
      other = await clinic(t());
    });

    test('update: omitted fields unchanged, answers replaced whole; id and organization never change', async () => {
      clock = NOW;
      const appointmentId = await appointment(t(), c);
      const form = await add(appointmentId, { answers: { a: 1, b: { c: 2 } } });
      clock = NOW + 10;
      const updated = ok(await call('update', { id: form.id, organizationId: c.org, answers: { b: null }, departmentName: ' Cardiology (adult) ', organizationIdX: 'x' })).item;
      assert.deepEqual(Object.keys(updated).sort(), FORM_FIELDS);
      assert.deepEqual(updated.answers, { b: null });
      assert.equal(updated.departmentName, 'Cardiology (adult)');
      assert.deepEqual([updated.id, updated.organizationId, updated.appointmentId, updated.idpUserId, updated.status], [form.id, c.org, appointmentId, form.idpUserId, 'draft']);
      assert.deepEqual([updated.createdAt, updated.updatedAt], [NOW, NOW + 10]);
      assert.deepEqual(ok(await call('getById', { id: form.id, organizationId: c.org })).item, updated);
      const stamped = ok(await call('update', { id: form.id, organizationId: c.org, idpUserId: 'idp-other', createdAt: 5, updatedAt: 6 })).item;
      assert.deepEqual([stamped.idpUserId, stamped.createdAt, stamped.updatedAt], ['idp-other', 5, 6]);
      // createdAt and updatedAt are ts? (nullable): null keeps createdAt as stored and stamps updatedAt now.
      const nulls = ok(await call('update', { id: form.id, organizationId: c.org, createdAt: null, updatedAt: null })).item;
      assert.deepEqual([nulls.createdAt, nulls.updatedAt], [5, NOW + 10]);
    });

    test('update validates its input: required fields are never cleared', async () => {
      const form = await add(await appointment(t(), c));
      const error = failsWith(
        await call('update', { id: form.id, organizationId: c.org, answers: null, departmentName: null, status: 'archived', idpUserId: null, appointmentId: null, createdAt: -1 }),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['answers', 'appointmentId', 'createdAt', 'departmentName', 'idpUserId', 'status']);
      failsWith(await call('update', { organizationId: c.org, answers: {} }), 'VALIDATION_FAILED', 400);
      failsWith(await call('update', { id: form.id, organizationId: c.org, answers: { x: 'y'.repeat(70_000) } }), 'VALIDATION_FAILED', 400);
      const draftTime = failsWith(await call('update', { id: form.id, organizationId: c.org, submittedAt: NOW }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(draftTime.details!.map((d) => d.path), ['submittedAt']);
      assert.deepEqual(ok(await call('getById', { id: form.id, organizationId: c.org })).item, form);
    });

    test("update: another organization's form is NOT_FOUND; a caller bound elsewhere is FORBIDDEN", async () => {
      const form = await add(await appointment(t(), c));
      failsWith(await call('update', { id: form.id, organizationId: other.org, answers: {} }), 'NOT_FOUND', 404);
      failsWith(await call('update', { id: 'missing', organizationId: c.org, answers: {} }), 'NOT_FOUND', 404);
      const outsider = await signIn(t(), { organizationId: other.org });
      failsWith(await call('update', { id: form.id, organizationId: c.org, answers: {} }, outsider.token), 'FORBIDDEN', 403);
      assert.deepEqual(ok(await call('getById', { id: form.id, organizationId: c.org })).item.answers, form.answers);
    });

    test('update moving to submitted sets submittedAt and the flag; editing a submitted form keeps both', async () => {
      const appointmentId = await appointment(t(), c);
      const form = await add(appointmentId);
      assert.equal(await flag(appointmentId), null);
      clock = NOW + 20;
      const submitted = ok(await call('update', { id: form.id, organizationId: c.org, status: 'submitted' })).item;
      assert.deepEqual([submitted.status, submitted.submittedAt], ['submitted', NOW + 20]);
      assert.equal(await flag(appointmentId), true);
      clock = NOW + 30;
      const edited = ok(await call('update', { id: form.id, organizationId: c.org, answers: { corrected: true } })).item;
      assert.deepEqual([edited.status, edited.submittedAt, edited.updatedAt], ['submitted', NOW + 20, NOW + 30]);
      assert.deepEqual(edited.answers, { corrected: true });
      const restamped = ok(await call('update', { id: form.id, organizationId: c.org, submittedAt: 777 })).item;
      assert.equal(restamped.submittedAt, 777);
      const cleared = failsWith(await call('update', { id: form.id, organizationId: c.org, submittedAt: null }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(cleared.details!.map((d) => d.path), ['submittedAt']);

      const other2 = await appointment(t(), c);
      const given = ok(await call('update', { id: (await add(other2)).id, organizationId: c.org, status: 'submitted', submittedAt: 4242 })).item;
      assert.equal(given.submittedAt, 4242);
      assert.equal(await flag(other2), true);
    });

    test('a failed update leaves the flag unset: moving to submitted and clashing on department is one transaction', async () => {
      const appointmentId = await appointment(t(), c);
      const a = await add(appointmentId, { departmentName: 'X' });
      await add(appointmentId, { departmentName: 'Y' });
      failsWith(await call('update', { id: a.id, organizationId: c.org, status: 'submitted', departmentName: 'y' }), 'CONFLICT', 409);
      assert.equal(await flag(appointmentId), null);
      assert.equal(ok(await call('getById', { id: a.id, organizationId: c.org })).item.status, 'draft');
    });

    test('reopening as draft clears submittedAt; the flag is cleared only when no submitted form of the appointment remains', async () => {
      const appointmentId = await appointment(t(), c);
      const a = await add(appointmentId, { departmentName: 'A', status: 'submitted' });
      const b = await add(appointmentId, { departmentName: 'B', status: 'submitted' });
      const reopened = ok(await call('update', { id: a.id, organizationId: c.org, status: 'draft' })).item;
      assert.deepEqual([reopened.status, reopened.submittedAt], ['draft', null]);
      assert.equal(await flag(appointmentId), true, 'form B is still submitted');
      ok(await call('update', { id: b.id, organizationId: c.org, status: 'draft' }));
      assert.equal(await flag(appointmentId), false);
      ok(await call('update', { id: b.id, organizationId: c.org, status: 'submitted' }));
      assert.equal(await flag(appointmentId), true);
    });

    test('editing a draft never touches the flag (one set by hand stays)', async () => {
      const appointmentId = await appointment(t(), c);
      const form = await add(appointmentId);
      ok(await t().call('appointments', 'update', { id: appointmentId, organizationId: c.org, isPreConsultationCompleted: true }));
      ok(await call('update', { id: form.id, organizationId: c.org, answers: { still: 'draft' } }));
      assert.equal(await flag(appointmentId), true, 'a draft edit does not touch the flag');
    });

    test('moving a submitted form to another appointment moves the flag; the new appointment must be the organization\'s', async () => {
      const from = await appointment(t(), c);
      const to = await appointment(t(), c);
      const form = await add(from, { status: 'submitted' });
      assert.deepEqual([await flag(from), await flag(to)], [true, null]);
      const moved = ok(await call('update', { id: form.id, organizationId: c.org, appointmentId: to })).item;
      assert.equal(moved.appointmentId, to);
      assert.deepEqual([await flag(from), await flag(to)], [false, true]);
      const elsewhere = await appointment(t(), other);
      for (const appointmentId of [elsewhere, 'missing']) {
        const error = failsWith(await call('update', { id: form.id, organizationId: c.org, appointmentId }), 'VALIDATION_FAILED', 400);
        assert.deepEqual(error.details!.map((d) => d.path), ['appointmentId']);
      }
      assert.equal(await preConsultationFlag(t(), other.org, elsewhere), null);
      await add(from, { departmentName: 'Cardiology' });
      failsWith(await call('update', { id: form.id, organizationId: c.org, appointmentId: from }), 'CONFLICT', 409);
      assert.deepEqual([await flag(from), await flag(to)], [false, true]);
    });

    test("a patient's own token edits only its forms, as itself, for its own appointments, and deletes none", async () => {
      const mine = await appointment(t(), c, { signed: true });
      const notMine = await appointment(t(), c);
      const token = await tokenFor(t(), c.signedPatient.idpUserId);
      const own = ok(await call('create', formInput(mine, { idpUserId: c.signedPatient.idpUserId }), token)).item;
      const staffFilled = await add(mine, { departmentName: 'ENT', idpUserId: 'idp-nurse' });
      const foreign = await add(notMine);
      ok(await call('update', { id: own.id, organizationId: c.org, status: 'submitted' }, token));
      assert.equal(await flag(mine), true);
      assert.deepEqual(ok(await call('update', { id: staffFilled.id, organizationId: c.org, answers: { ok: 1 } }, token)).item.answers, { ok: 1 });
      failsWith(await call('update', { id: foreign.id, organizationId: c.org, answers: {} }, token), 'FORBIDDEN', 403);
      failsWith(await call('update', { id: own.id, organizationId: c.org, idpUserId: 'someone-else' }, token), 'FORBIDDEN', 403);
      failsWith(await call('update', { id: own.id, organizationId: c.org, appointmentId: notMine }, token), 'FORBIDDEN', 403);
      failsWith(await call('delete', { id: staffFilled.id, organizationId: c.org }, token), 'FORBIDDEN', 403); // deleting is for staff
    });

    test('delete removes the form; deleting the last submitted form clears the flag', async () => {
      const appointmentId = await appointment(t(), c);
      const a = await add(appointmentId, { departmentName: 'A', status: 'submitted' });
      const b = await add(appointmentId, { departmentName: 'B', status: 'submitted' });
      const draft = await add(appointmentId, { departmentName: 'C' });
      assert.deepEqual(ok(await call('delete', { id: a.id, organizationId: c.org })), { id: a.id, deleted: true });
      failsWith(await call('getById', { id: a.id, organizationId: c.org }), 'NOT_FOUND', 404);
      failsWith(await call('delete', { id: a.id, organizationId: c.org }), 'NOT_FOUND', 404);
      assert.equal(await flag(appointmentId), true);
      ok(await call('delete', { id: b.id, organizationId: c.org }));
      assert.equal(await flag(appointmentId), false);
      ok(await call('delete', { id: draft.id, organizationId: c.org }));
      assert.equal(await flag(appointmentId), false);
      ok(await call('create', formInput(appointmentId, { departmentName: 'a' })));
    });

    test('delete: another organization is NOT_FOUND and changes nothing; input is validated', async () => {
      const appointmentId = await appointment(t(), c);
      const form = await add(appointmentId, { status: 'submitted' });
      failsWith(await call('delete', { id: form.id, organizationId: other.org }), 'NOT_FOUND', 404);
      const outsider = await signIn(t(), { organizationId: other.org });
      failsWith(await call('delete', { id: form.id, organizationId: c.org }, outsider.token), 'FORBIDDEN', 403);
      assert.equal(ok(await call('getById', { id: form.id, organizationId: c.org })).item.id, form.id);
      assert.equal(await flag(appointmentId), true);
      const error = failsWith(await call('delete', { id: form.id }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path), ['organizationId']);
    });

    test('an appointment with forms cannot be deleted (INVALID_STATE) until its forms are', async () => {
      const appointmentId = await appointment(t(), c);
      const form = await add(appointmentId);
      failsWith(await t().call('appointments', 'delete', { id: appointmentId, organizationId: c.org }), 'INVALID_STATE', 409);
      ok(await call('delete', { id: form.id, organizationId: c.org }));
      ok(await t().call('appointments', 'delete', { id: appointmentId, organizationId: c.org }));
    });
  },
  { services: { now: () => clock } },
);
