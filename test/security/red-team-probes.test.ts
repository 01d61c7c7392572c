import assert from 'node:assert/strict';
import { it } from 'node:test';
import { signIn } from '../builders.ts';
import { describeEachDialect, failsWith } from '../harness.ts';
import { account, accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, red team after the build: the other paths into what the rules guard, each tried as an
 * admin of an organization of their own would (production mode). Each must be refused.
 */
describeEachDialect(
  'security: the other paths around the rules (issue 24, red team)',
  (t) => {
    async function clinic() {
      const owner = await accountWithOrganization(t(), 'clinic');
      const organizationId = owner.organizationId;
      const doctor = (await signIn(t(), { organizationId, roles: ['doctor'] }));
      const patientId = ok(await t().call('patients', 'create', { organizationId, name: 'Asha Rao' }, { token: owner.token })).item.id as string;
      const booking = (data: Record<string, unknown> = {}) => ({ organizationId, patientId, doctorId: doctor.userId, scheduledDate: '2031-04-07', scheduledTime: '09:00', duration: 30, type: 'consultation', ...data });
      return { owner, organizationId, doctor, patientId, booking };
    }

    it('createSeries starts its visits only in a start status', async () => {
      const c = await clinic();
      for (const status of ['completed', 'in_consultation', 'no_show']) {
        failsWith(await t().call('appointments', 'createSeries', c.booking({ status, repeat: { frequency: 'weekly', count: 3 } }), { token: c.owner.token }), 'VALIDATION_FAILED', 400);
      }
    });

    it('a completed visit is not rescheduled', async () => {
      const c = await clinic();
      // a visit of a day gone by: none is completed before its day (docs/appointments.md, "On the day")
      const visit = ok(await t().call('appointments', 'create', c.booking({ scheduledDate: '2021-04-07', scheduledTime: '10:00' }), { token: c.owner.token })).item;
      ok(await t().call('appointments', 'complete', { organizationId: c.organizationId, id: visit.id }, { token: c.doctor.token }));
      failsWith(await t().call('appointments', 'reschedule', { organizationId: c.organizationId, id: visit.id, scheduledDate: '2031-04-08', scheduledTime: '10:00' }, { token: c.owner.token }), 'INVALID_STATE', 409);
    });

    it('a notification is not readdressed by update to someone with no tie to the organization', async () => {
      const c = await clinic();
      const stranger = await account(t(), 'stranger');
      const note = ok(await t().call('notifications', 'create', { organizationId: c.organizationId, recipientIdpUserId: c.owner.idpUserId, recipientRole: 'admin', type: 't', title: 'Hello', message: 'Hi' }, { token: c.owner.token })).item;
      failsWith(await t().call('notifications', 'update', { organizationId: c.organizationId, id: note.id, recipientIdpUserId: stranger.idpUserId }, { token: c.owner.token }), 'VALIDATION_FAILED', 400);
      const stored = ok(await t().call('notifications', 'getById', { organizationId: c.organizationId, id: note.id }, { token: c.owner.token })).item;
      assert.equal(stored.recipientIdpUserId, c.owner.idpUserId);
    });

    it('a patient record is not linked to an account by update', async () => {
      const c = await clinic();
      const stranger = await account(t(), 'stranger');
      failsWith(await t().call('patients', 'update', { organizationId: c.organizationId, id: c.patientId, idpUserId: stranger.idpUserId }, { token: c.owner.token }), 'VALIDATION_FAILED', 400);
      assert.equal(ok(await t().call('patients', 'listMyLinkRequests', {}, { token: stranger.token })).items.length, 0);
      failsWith(await t().call('patients', 'listByOrganization', { organizationId: c.organizationId }, { token: stranger.token }), 'FORBIDDEN', 403);
    });
  },
  production(),
);
