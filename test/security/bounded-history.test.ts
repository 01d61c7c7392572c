import assert from 'node:assert/strict';
import { it } from 'node:test';
import { signIn } from '../builders.ts';
import { describeEachDialect } from '../harness.ts';
import { accountWithOrganization, ok, production } from './production.ts';

/**
 * Issue 24, bounded input (red team): a record's own history grows with every change, so a member
 * who changes one record over and over would make it, and every answer and webhook carrying it,
 * as large as they like (each change reads and rewrites the whole history in the process all
 * tenants share). The history keeps its newest entries only, each reason cut to a bounded length.
 */
describeEachDialect(
  'security: a record\'s history is bounded (issue 24, bounded input)',
  (t) => {
    it('an appointment changed many times with the longest reasons stays small', async () => {
      const owner = await accountWithOrganization(t(), 'clinic');
      const organizationId = owner.organizationId;
      const doctor = (await signIn(t(), { organizationId, roles: ['doctor'] }));
      const patientId = ok(await t().call('patients', 'create', { organizationId, name: 'Asha Rao' }, { token: owner.token })).item.id;
      const booked = { organizationId, patientId, doctorId: doctor.userId, scheduledDate: '2031-03-10', scheduledTime: '09:00', duration: 30, type: 'consultation' };
      const visit = ok(await t().call('appointments', 'create', booked, { token: owner.token })).item;
      const reason = 'r'.repeat(10_000);
      for (let i = 0; i < 120; i += 1) {
        const scheduledTime = i % 2 === 0 ? '10:00' : '09:00';
        ok(await t().call('appointments', 'update', { organizationId, id: visit.id, scheduledTime, rescheduleReason: reason }, { token: owner.token }));
      }
      const read = await t().call('appointments', 'getById', { organizationId, id: visit.id }, { token: owner.token });
      const item = ok(read).item;
      assert.ok(item.history.length > 0 && item.history.length <= 100, `history of ${item.history.length} entries`);
      assert.equal(item.history.at(-1).previous.scheduledTime, '10:00', 'the newest change is kept');
      const size = Buffer.byteLength(JSON.stringify(item));
      assert.ok(size < 256 * 1024, `the appointment answers ${size} bytes`);
    });
  },
  production(),
);
