import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, platformAdmin, signIn, tokenFor, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import { acceptLink } from '../patients/patients.testkit.ts';

let clock = 1_860_000_000_000;

describeEachDialect(
  'audit.listReads and audit.listReadsOfMyRecords',
  (t) => {
    const [orgA, orgB] = [orgId(), orgId()];
    const [anaIdp, benIdp] = [newId(), newId()];
    let doctorA: SignedIn, nurseA: SignedIn, receptionistB: SignedIn, adminA: SignedIn;
    let ana: { id: string }, ben: { id: string }, bea: { id: string };
    const readAt = { doctorReadsAna: 0, nurseListsA: 0, doctorReadsBen: 0, receptionistReadsBea: 0 };

    const read = async (label: keyof typeof readAt, who: SignedIn, op: string, data: Record<string, unknown>) => {
      readAt[label] = clock += 1000;
      ok(await t().call('patients', op, data, { token: who.token }));
    };
    const listReads = (data: Record<string, unknown>, who: SignedIn) => t().call('audit', 'listReads', data, { token: who.token });

    before(async () => {
      doctorA = await signIn(t(), { organizationId: orgA, roles: ['doctor'] });
      nurseA = await signIn(t(), { organizationId: orgA, roles: ['nurse'] });
      adminA = await signIn(t(), { organizationId: orgA, roles: ['admin'] });
      receptionistB = await signIn(t(), { organizationId: orgB, roles: ['receptionist'] });
      const create = async (who: SignedIn, organizationId: string, name: string, idpUserId?: string) =>
        ok(await t().call('patients', 'create', { organizationId, name, ...(idpUserId ? { idpUserId } : {}) }, { token: who.token })).item;
      // Linking records to accounts is the admins' and receptionists' (patients.linkAccount).
      ana = await create(adminA, orgA, 'Ana', anaIdp);
      ben = await create(adminA, orgA, 'Ben', benIdp);
      // A link staff make to another person's account counts once that person accepts it.
      await acceptLink(t(), ana.id, { token: await tokenFor(t(), anaIdp) });
      await acceptLink(t(), ben.id, { token: await tokenFor(t(), benIdp) });
      bea = await create(receptionistB, orgB, 'Bea');

      await read('doctorReadsAna', doctorA, 'getById', { id: ana.id, organizationId: orgA });
      await read('nurseListsA', nurseA, 'listByOrganization', { organizationId: orgA });
      await read('doctorReadsBen', doctorA, 'getById', { id: ben.id, organizationId: orgA });
      await read('receptionistReadsBea', receptionistB, 'getById', { id: bea.id, organizationId: orgB });
      await t().app.readLog.flush();
    });

    test("an admin lists its organization's reads, newest first, with who, what, which records and when", async () => {
      const page = ok(await listReads({ organizationId: orgA }, adminA));
      assert.equal(page.total, 3);
      assert.deepEqual(
        page.items.map((r: { operation: string; actorIdpUserId: string; at: number }) => [r.operation, r.actorIdpUserId, r.at]),
        [
          ['patients.getById', doctorA.idpUserId, readAt.doctorReadsBen],
          ['patients.listByOrganization', nurseA.idpUserId, readAt.nurseListsA],
          ['patients.getById', doctorA.idpUserId, readAt.doctorReadsAna],
        ],
      );
      const [benRead, list] = page.items;
      assert.deepEqual(benRead.recordIds, [ben.id]);
      assert.deepEqual(benRead.patientIds, [ben.id]);
      assert.equal(benRead.organizationId, orgA);
      assert.deepEqual([...list.patientIds].sort(), [ana.id, ben.id].sort());
    });

    test('filters by patient, reader and time window, and pages', async () => {
      const ofAna = ok(await listReads({ organizationId: orgA, patientId: ana.id }, adminA));
      assert.deepEqual(ofAna.items.map((r: { at: number }) => r.at), [readAt.nurseListsA, readAt.doctorReadsAna]);
      const byNurse = ok(await listReads({ organizationId: orgA, actorIdpUserId: nurseA.idpUserId }, adminA));
      assert.deepEqual(byNurse.items.map((r: { operation: string }) => r.operation), ['patients.listByOrganization']);
      const window = ok(await listReads({ organizationId: orgA, from: readAt.nurseListsA, to: readAt.doctorReadsBen - 1 }, adminA));
      assert.deepEqual(window.items.map((r: { at: number }) => r.at), [readAt.nurseListsA]);
      const second = ok(await listReads({ organizationId: orgA, pageSize: 2, page: 2 }, adminA));
      assert.equal(second.totalPages, 2);
      assert.deepEqual(second.items.map((r: { at: number }) => r.at), [readAt.doctorReadsAna]);
      failsWith(await listReads({ organizationId: orgA, from: 10, to: 5 }, adminA), 'VALIDATION_FAILED', 400);
    });

    test("an admin of A is FORBIDDEN for B's reads and for every organization's; a platform admin sees all", async () => {
      failsWith(await listReads({ organizationId: orgB }, adminA), 'FORBIDDEN', 403);
      failsWith(await listReads({}, adminA), 'FORBIDDEN', 403);
      failsWith(await listReads({ patientId: bea.id }, adminA), 'FORBIDDEN', 403);
      const platform = await platformAdmin(t());
      const all = ok(await listReads({ pageSize: 100 }, platform));
      const organizations = new Set(all.items.map((r: { organizationId: string }) => r.organizationId));
      assert.ok(organizations.has(orgA) && organizations.has(orgB));
      const ofBea = ok(await listReads({ patientId: bea.id }, platform));
      assert.deepEqual(ofBea.items.map((r: { actorIdpUserId: string }) => r.actorIdpUserId), [receptionistB.idpUserId]);
    });

    test('staff other than admins, and callers without a token, may not read the log', async () => {
      for (const who of [doctorA, nurseA]) failsWith(await listReads({ organizationId: orgA }, who), 'FORBIDDEN', 403);
      failsWith(await t().call('audit', 'listReads', { organizationId: orgA }), 'UNAUTHENTICATED', 401);
      failsWith(await t().call('audit', 'listReadsOfMyRecords', {}), 'UNAUTHENTICATED', 401);
    });

    test('a linked patient lists who read its record, and nothing of another patient', async () => {
      const mine = ok(await t().call('audit', 'listReadsOfMyRecords', {}, { token: await tokenFor(t(), anaIdp) }));
      assert.equal(mine.total, 2);
      assert.deepEqual(mine.items, [
        {
          id: mine.items[0].id,
          at: readAt.nurseListsA,
          operation: 'patients.listByOrganization',
          organizationId: orgA,
          patientIds: [ana.id],
          reader: { idpUserId: nurseA.idpUserId, displayName: `User ${nurseA.idpUserId.slice(-4)}`, roles: ['nurse'] },
        },
        {
          id: mine.items[1].id,
          at: readAt.doctorReadsAna,
          operation: 'patients.getById',
          organizationId: orgA,
          patientIds: [ana.id],
          reader: { idpUserId: doctorA.idpUserId, displayName: `User ${doctorA.idpUserId.slice(-4)}`, roles: ['doctor'] },
        },
      ]);
      const bens = ok(await t().call('audit', 'listReadsOfMyRecords', {}, { token: await tokenFor(t(), benIdp) }));
      assert.deepEqual(bens.items.map((r: { at: number; patientIds: string[] }) => [r.at, r.patientIds]), [
        [readAt.doctorReadsBen, [ben.id]],
        [readAt.nurseListsA, [ben.id]],
      ]);
      const window = ok(await t().call('audit', 'listReadsOfMyRecords', { from: readAt.doctorReadsBen }, { token: await tokenFor(t(), benIdp) }));
      assert.equal(window.total, 1);
      const unlinked = ok(await t().call('audit', 'listReadsOfMyRecords', {}, { token: await tokenFor(t(), newId()) }));
      assert.deepEqual(unlinked.items, []);
      assert.equal(unlinked.total, 0);
    });
  },
  { services: { now: () => clock } },
);
