import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { kit, type Hospital } from '../admissions/admissions.testkit.ts';

/** Who may change and read beds, wards, rooms and the service catalogue with a token (src/access/grants.ts). */
describeEachDialect('beds, wards, rooms and services access', (t) => {
  const k = kit(t);
  let h: Hospital;
  let bedId: string;
  const staff = (role: string) => signIn(t(), { organizationId: h.organizationId, roles: [role] });
  const call = (namespace: string, op: string, data: Record<string, unknown>, token: string) =>
    t().call(namespace, op, { organizationId: h.organizationId, ...data }, { token });
  const updateBed = (token: string) => call('beds', 'update', { id: bedId, status: 'CLEANING' }, token);
  const createBed = (token: string) => call('beds', 'create', { wardId: h.wardId, roomId: h.roomId, bedNumber: newId().slice(-6), displayName: 'Bed' }, token);

  before(async () => {
    h = await k.hospital();
    bedId = await k.bed(h);
  });

  test('nurse and receptionist update a bed but create or delete none; admin does', async () => {
    for (const as of [await staff('nurse'), h.receptionist]) {
      assert.equal(ok(await updateBed(as.token)).item.status, 'CLEANING');
      failsWith(await createBed(as.token), 'FORBIDDEN', 403);
      failsWith(await call('beds', 'delete', { id: bedId }, as.token), 'FORBIDDEN', 403);
    }
    const admin = await staff('admin');
    const created = ok(await createBed(admin.token)).item.id;
    ok(await call('beds', 'delete', { id: created }, admin.token));
  });

  test('doctor, accountant, hr and pharmacist update no bed; hr and pharmacist read no place', async () => {
    for (const as of [h.doctor, h.accountant, await staff('hr'), await staff('pharmacist')]) failsWith(await updateBed(as.token), 'FORBIDDEN', 403);
    for (const role of ['hr', 'pharmacist']) {
      const { token } = await staff(role);
      failsWith(await call('beds', 'listActiveWardsForReceptionist', {}, token), 'FORBIDDEN', 403);
      failsWith(await call('wards', 'listByOrganization', {}, token), 'FORBIDDEN', 403);
      failsWith(await call('rooms', 'getById', { id: h.roomId }, token), 'FORBIDDEN', 403);
      failsWith(await call('services', 'listByOrganization', {}, token), 'FORBIDDEN', 403);
    }
  });

  test('clinical and front-desk staff read the places; only an admin changes wards and rooms; the accountant keeps the catalogue', async () => {
    const nurse = await staff('nurse');
    for (const as of [nurse, h.doctor, h.receptionist]) {
      ok(await call('beds', 'listAllBedsByRoom', { roomId: h.roomId }, as.token));
      ok(await call('wards', 'getById', { id: h.wardId }, as.token));
      ok(await call('rooms', 'listByOrganization', {}, as.token));
      failsWith(await call('wards', 'update', { id: h.wardId, floor: '2' }, as.token), 'FORBIDDEN', 403);
      failsWith(await call('rooms', 'create', { wardId: h.wardId, roomNumber: newId().slice(-6) }, as.token), 'FORBIDDEN', 403);
      failsWith(await call('services', 'create', { name: 'X', category: 'other', price: 1 }, as.token), 'FORBIDDEN', 403);
    }
    const service = ok(await call('services', 'create', { name: 'Dressing', category: 'procedure', price: 12 }, h.accountant.token)).item.id;
    assert.equal(ok(await call('services', 'update', { id: service, price: 15 }, h.accountant.token)).item.price, 15);
    ok(await call('wards', 'update', { id: h.wardId, floor: '2' }, (await staff('admin')).token));
  });

  test('an account without membership reads and changes no place; a member of another organization naming this one is FORBIDDEN, reaching its bed NOT_FOUND', async () => {
    const account = await tokenFor(t(), newId());
    failsWith(await call('beds', 'listByOrganization', {}, account), 'FORBIDDEN', 403);
    failsWith(await updateBed(account), 'FORBIDDEN', 403);
    failsWith(await call('wards', 'listByOrganization', {}, account), 'FORBIDDEN', 403);
    const other = await k.hospital();
    failsWith(await call('beds', 'getById', { id: bedId }, other.receptionist.token), 'FORBIDDEN', 403);
    failsWith(await updateBed(other.receptionist.token), 'FORBIDDEN', 403);
    const byId = (namespace: string, id: string) => t().call(namespace, 'getById', { organizationId: other.organizationId, id }, { token: other.receptionist.token });
    failsWith(await byId('beds', bedId), 'NOT_FOUND', 404);
    failsWith(await byId('wards', h.wardId), 'NOT_FOUND', 404);
  });
});
