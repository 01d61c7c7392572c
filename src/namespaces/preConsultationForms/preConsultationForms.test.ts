import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { AppError } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { create } from './create.ts';
import { MAX_ANSWERS_BYTES } from './preConsultationForms.fields.ts';
import { appointment, clinic, formInput, FORM_FIELDS, preConsultationFlag, type Clinic } from './preConsultationForms.testkit.ts';

const NOW = Date.UTC(2026, 4, 10, 9, 0, 0);
let clock = NOW;

/** Runs preConsultationForms.create in the operation's transaction, then fails: nothing of it may remain. */
const createThenFail = defineOperation({
  ...create,
  namespace: 'preConsultationProbe',
  name: 'createThenFail',
  async handler(ctx, input) {
    await create.handler(ctx, input);
    throw new AppError('INVALID_STATE', 'probe: failing after the form was written');
  },
});

/** `answers` nested `levels` deep: the object itself is level 1. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 1 };
  for (let i = 1; i < levels; i++) value = { next: value };
  return value;
}

describeEachDialect(
  'preConsultationForms create, getById, listByOrganization',
  (t) => {
    const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('preConsultationForms', op, data, token ? { token } : {});
    let c: Clinic;
    let other: Clinic;
    before(async () => {
      c = await clinic(t());
      other = await clinic(t());
    });

    test("create stores the form as given in the appointment's organization, every field present; getById returns it", async () => {
      clock = NOW;
      const appointmentId = await appointment(t(), c);
      const answers = { q1: 'Ja, seit 2 Wochen — ✓', n: 0, f: 1.5, no: false, none: null, list: [1, 'two', { three: [3] }], empty: {}, '': 'blank key' };
      const { item } = ok(await call('create', formInput(appointmentId, { answers, departmentName: '  Cardiology ', id: 'mine', organizationId: other.org })));
      assert.deepEqual(Object.keys(item).sort(), FORM_FIELDS);
      assert.notEqual(item.id, 'mine');
      assert.equal(item.organizationId, c.org);
      assert.equal(item.appointmentId, appointmentId);
      assert.equal(item.idpUserId, 'idp-filler');
      assert.equal(item.departmentName, 'Cardiology');
      assert.deepEqual(item.answers, answers);
      assert.equal(item.status, 'draft');
      assert.equal(item.submittedAt, null);
      assert.equal(item.createdAt, NOW);
      assert.equal(item.updatedAt, NOW);
      assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: c.org })).item, item);
      assert.equal(await preConsultationFlag(t(), c.org, appointmentId), null, 'a draft does not complete the pre-consultation');
      const imported = ok(await call('create', formInput(appointmentId, { departmentName: 'ENT', createdAt: 1000, updatedAt: 2000 }))).item;
      assert.deepEqual([imported.createdAt, imported.updatedAt], [1000, 2000]);
    });

    test("create submitted sets submittedAt (now unless given) and the appointment's isPreConsultationCompleted", async () => {
      clock = NOW + 5;
      const first = await appointment(t(), c);
      const submitted = ok(await call('create', formInput(first, { status: 'Submitted' }))).item;
      assert.equal(submitted.status, 'submitted');
      assert.equal(submitted.submittedAt, NOW + 5);
      assert.equal(await preConsultationFlag(t(), c.org, first), true);
      const appointmentRecord = ok(await t().call('appointments', 'getById', { id: first, organizationId: c.org })).item;
      assert.equal(appointmentRecord.updatedAt, NOW + 5);

      const second = await appointment(t(), c);
      const given = ok(await call('create', formInput(second, { status: 'submitted', submittedAt: 12345 }))).item;
      assert.equal(given.submittedAt, 12345);
      assert.equal(await preConsultationFlag(t(), c.org, second), true);
    });

    test('create validates its input with a path per problem', async () => {
      const appointmentId = await appointment(t(), c);
      const error = failsWith(
        await call('create', { appointmentId: ' ', departmentName: '', answers: ['not', 'an', 'object'], status: 'done', submittedAt: -1 }),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['answers', 'appointmentId', 'departmentName', 'idpUserId', 'status', 'submittedAt']);
      for (const answers of [null, 'text', 42, undefined]) {
        const e = failsWith(await call('create', formInput(appointmentId, { answers })), 'VALIDATION_FAILED', 400);
        assert.deepEqual(e.details!.map((d) => d.path), ['answers']);
      }
      const draftWithTime = failsWith(await call('create', formInput(appointmentId, { submittedAt: NOW })), 'VALIDATION_FAILED', 400);
      assert.deepEqual(draftWithTime.details!.map((d) => d.path), ['submittedAt']);
      const long = failsWith(await call('create', formInput(appointmentId, { departmentName: 'x'.repeat(201) })), 'VALIDATION_FAILED', 400);
      assert.deepEqual(long.details!.map((d) => d.path), ['departmentName']);
      assert.equal(ok(await call('listByOrganization', { organizationId: c.org, appointmentId })).total, 0);
    });

    test('answers: at most 10 levels deep and 64 KiB as JSON', async () => {
      const appointmentId = await appointment(t(), c);
      const deep = ok(await call('create', formInput(appointmentId, { departmentName: 'deep', answers: nested(10) }))).item;
      assert.deepEqual(deep.answers, nested(10));
      const tooDeep = failsWith(await call('create', formInput(appointmentId, { departmentName: 'too deep', answers: nested(11) })), 'VALIDATION_FAILED', 400);
      assert.deepEqual(tooDeep.details!.map((d) => d.path), ['answers']);
      const arrays = failsWith(await call('create', formInput(appointmentId, { departmentName: 'arrays', answers: { a: [[[[[[[[[[1]]]]]]]]]] } })), 'VALIDATION_FAILED', 400);
      assert.match(arrays.message, /10 levels/);

      const overhead = JSON.stringify({ text: '' }).length;
      const atLimit = { text: 'a'.repeat(MAX_ANSWERS_BYTES - overhead) };
      ok(await call('create', formInput(appointmentId, { departmentName: 'big', answers: atLimit })));
      const over = failsWith(
        await call('create', formInput(appointmentId, { departmentName: 'bigger', answers: { text: 'é'.repeat((MAX_ANSWERS_BYTES - overhead) / 2 + 1) } })),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(over.details!.map((d) => d.path), ['answers']);
      assert.match(over.message, /65536 bytes/);
    });

    test('one form per appointment and department: CONFLICT, whatever the case and spacing of the name', async () => {
      const appointmentId = await appointment(t(), c);
      ok(await call('create', formInput(appointmentId, { departmentName: 'General Medicine' })));
      for (const name of ['General Medicine', 'general medicine', '  GENERAL   medicine ']) {
        failsWith(await call('create', formInput(appointmentId, { departmentName: name, idpUserId: 'someone-else' })), 'CONFLICT', 409);
      }
      ok(await call('create', formInput(appointmentId, { departmentName: 'Orthopaedics' })));
      ok(await call('create', formInput(await appointment(t(), c), { departmentName: 'General Medicine' })));
      assert.equal(ok(await call('listByOrganization', { organizationId: c.org, appointmentId })).total, 2);
    });

    test('concurrent creates for one appointment and department: exactly one succeeds, the others are CONFLICT', async () => {
      const appointmentId = await appointment(t(), c);
      const responses = await Promise.all(
        ['Paediatrics', 'paediatrics', ' PAEDIATRICS', 'Paediatrics ', 'paediatrics'].map((departmentName, i) =>
          call('create', formInput(appointmentId, { departmentName, idpUserId: `idp-${i}`, status: 'submitted' })),
        ),
      );
      assert.deepEqual(responses.map((r) => r.statusCode).sort(), [200, 409, 409, 409, 409]);
      for (const r of responses.filter((x) => x.statusCode === 409)) assert.equal(r.body.error.code, 'CONFLICT');
      assert.equal(ok(await call('listByOrganization', { organizationId: c.org, appointmentId })).total, 1);
      assert.equal(await preConsultationFlag(t(), c.org, appointmentId), true);
    });

    test('a failed create leaves the appointment flag as it was: the flag is written in the same transaction', async () => {
      const appointmentId = await appointment(t(), c);
      ok(await call('create', formInput(appointmentId, { departmentName: 'Dermatology' })));
      failsWith(await call('create', formInput(appointmentId, { departmentName: 'dermatology', status: 'submitted' })), 'CONFLICT', 409);
      assert.equal(await preConsultationFlag(t(), c.org, appointmentId), null);

      failsWith(await t().call('preConsultationProbe', 'createThenFail', formInput(appointmentId, { departmentName: 'Neurology', status: 'submitted' })), 'INVALID_STATE', 409);
      assert.equal(await preConsultationFlag(t(), c.org, appointmentId), null);
      assert.equal(ok(await call('listByOrganization', { organizationId: c.org, appointmentId })).total, 1);
    });

    test('create: an unknown appointment is NOT_FOUND, so is another organization\'s for a caller bound elsewhere', async () => {
      failsWith(await call('create', formInput('no-such-appointment')), 'NOT_FOUND', 404);
      const appointmentId = await appointment(t(), c);
      const outsider = await signIn(t(), { organizationId: other.org, roles: ['staff'] });
      failsWith(await call('create', formInput(appointmentId), outsider.token), 'NOT_FOUND', 404);
      assert.equal(await preConsultationFlag(t(), c.org, appointmentId), null);
      const staff = await signIn(t(), { organizationId: c.org, roles: ['receptionist'] });
      const byStaff = ok(await call('create', formInput(appointmentId, { idpUserId: c.signedPatient.idpUserId, status: 'submitted' }), staff.token)).item;
      assert.equal(byStaff.organizationId, c.org);
      const admin = await platformAdmin(t());
      ok(await call('create', formInput(appointmentId, { departmentName: 'ENT', idpUserId: 'anyone' }), admin.token));
    });

    test("a patient's own token fills in forms only as itself and only for its own appointments", async () => {
      const mine = await appointment(t(), c, { signed: true });
      const notMine = await appointment(t(), c);
      const token = await tokenFor(t(), c.signedPatient.idpUserId);
      const own = ok(await call('create', formInput(mine, { idpUserId: c.signedPatient.idpUserId, status: 'submitted' }), token)).item;
      assert.equal(own.idpUserId, c.signedPatient.idpUserId);
      assert.equal(await preConsultationFlag(t(), c.org, mine), true);
      failsWith(await call('create', formInput(mine, { idpUserId: 'someone-else', departmentName: 'ENT' }), token), 'FORBIDDEN', 403);
      failsWith(await call('create', formInput(notMine, { idpUserId: c.signedPatient.idpUserId }), token), 'NOT_FOUND', 404);
      const stranger = await tokenFor(t(), 'idp-stranger');
      failsWith(await call('create', formInput(mine, { idpUserId: 'idp-stranger', departmentName: 'ENT' }), stranger), 'NOT_FOUND', 404);
      assert.equal(ok(await call('listByOrganization', { organizationId: c.org, appointmentId: notMine })).total, 0);
    });

    test("a patient's own token reads only its forms: those it filled in and those of its own appointments", async () => {
      const org = orgId();
      const p = await clinic(t(), { org });
      const mine = await appointment(t(), p, { signed: true });
      const notMine = await appointment(t(), p);
      const token = await tokenFor(t(), p.signedPatient.idpUserId);
      const own = ok(await call('create', formInput(mine, { idpUserId: p.signedPatient.idpUserId, departmentName: 'A' }), token)).item;
      const byStaffForMe = ok(await call('create', formInput(mine, { idpUserId: 'idp-nurse', departmentName: 'B' }))).item;
      const someoneElses = ok(await call('create', formInput(notMine, { idpUserId: 'idp-nurse', departmentName: 'A' }))).item;

      assert.equal(ok(await call('getById', { id: byStaffForMe.id, organizationId: org }, token)).item.id, byStaffForMe.id);
      failsWith(await call('getById', { id: someoneElses.id, organizationId: org }, token), 'FORBIDDEN', 403);
      const listed = ok(await call('listByOrganization', { organizationId: org }, token));
      assert.deepEqual(listed.items.map((f: { id: string }) => f.id).sort(), [own.id, byStaffForMe.id].sort());
      assert.equal(listed.total, 2);
      assert.equal(ok(await call('listByOrganization', { organizationId: org })).total, 3);
      const staff = await signIn(t(), { organizationId: org, roles: ['nurse'] });
      assert.equal(ok(await call('listByOrganization', { organizationId: org }, staff.token)).total, 3);
      const hr = await signIn(t(), { organizationId: org, roles: ['hr'] });
      assert.equal(ok(await call('listByOrganization', { organizationId: org }, hr.token)).total, 0, 'no role to read forms: only its own');
    });

    test('getById: another organization is NOT_FOUND (FORBIDDEN for a caller bound elsewhere); input is validated', async () => {
      const form = ok(await call('create', formInput(await appointment(t(), c)))).item;
      failsWith(await call('getById', { id: form.id, organizationId: other.org }), 'NOT_FOUND', 404);
      failsWith(await call('getById', { id: 'missing', organizationId: c.org }), 'NOT_FOUND', 404);
      const outsider = await signIn(t(), { organizationId: other.org, roles: ['nurse'] });
      failsWith(await call('getById', { id: form.id, organizationId: c.org }, outsider.token), 'FORBIDDEN', 403);
      failsWith(await call('getById', { id: form.id, organizationId: other.org }, outsider.token), 'NOT_FOUND', 404);
      const error = failsWith(await call('getById', { id: '' }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['id', 'organizationId']);
    });

    test('listByOrganization pages newest first, filters by appointment and status, never shows another organization', async () => {
      const org = orgId();
      const p = await clinic(t(), { org });
      const a1 = await appointment(t(), p);
      const a2 = await appointment(t(), p);
      const made: string[] = [];
      for (const [i, [appointmentId, status]] of ([[a1, 'draft'], [a1, 'submitted'], [a2, 'draft'], [a2, 'submitted'], [a2, 'draft']] as const).entries()) {
        clock = NOW + 100 + i;
        made.push(ok(await call('create', formInput(appointmentId, { departmentName: `Dept ${i}`, status }))).item.id);
      }
      clock = NOW;
      ok(await call('create', formInput(await appointment(t(), other), { departmentName: 'Elsewhere' })));
      const all = ok(await call('listByOrganization', { organizationId: org }));
      assert.deepEqual(Object.keys(all).sort(), ['items', 'page', 'pageSize', 'total', 'totalPages']);
      assert.deepEqual(all.items.map((f: { id: string }) => f.id), [...made].reverse());
      assert.deepEqual([all.total, all.page, all.pageSize, all.totalPages], [5, 1, 20, 1]);
      const second = ok(await call('listByOrganization', { organizationId: org, page: 2, pageSize: 2 }));
      assert.deepEqual(second.items.map((f: { id: string }) => f.id), [made[2], made[1]]);
      assert.equal(second.totalPages, 3);
      assert.deepEqual(ok(await call('listByOrganization', { organizationId: org, appointmentId: a2, status: 'submitted' })).items.map((f: { id: string }) => f.id), [made[3]]);
      assert.equal(ok(await call('listByOrganization', { organizationId: org, status: 'draft' })).total, 3);
      assert.equal(ok(await call('listByOrganization', { organizationId: orgId() })).total, 0);
      const error = failsWith(await call('listByOrganization', { organizationId: org, page: 0, pageSize: 101, status: 'lost' }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['page', 'pageSize', 'status']);
      failsWith(await call('listByOrganization', {}), 'VALIDATION_FAILED', 400);
    });
  },
  { services: { now: () => clock }, extraOperations: [createThenFail] },
);
