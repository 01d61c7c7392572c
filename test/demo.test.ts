import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO_PASSWORD, seedDemo, type DemoCall } from '../scripts/demo-data.ts';
import { describeEachDialect, ok } from './harness.ts';

describeEachDialect('npm run demo: a believable hospital, clinic and pharmacy through the API', (t) => {
  test('fills every part, and each printed account signs in and sees its organization', async () => {
    const call: DemoCall = async (namespace, apiName, data, token) => {
      const response = await t().call(namespace, apiName, data, token ? { token } : {});
      return { status: response.statusCode, body: response.body };
    };
    const steps: number[] = [];
    const result = await seedDemo(call, { today: '2030-06-03', tag: t().dialect, progress: (done, total) => steps.push(done / total) });
    assert.deepEqual(steps.at(-1), 1, 'the progress reaches the end');
    assert.ok(steps.every((s, i) => i === 0 || s > steps[i - 1]!), 'and only moves forward');
    assert.deepEqual(result.counts, { accounts: 14, organizations: 3, staff: 10, patients: 30, appointments: 100, beds: 6, admissions: 2, inventoryItems: 8, prescriptionRequests: 1 });

    const [hospital, clinic, pharmacy] = result.organizations;
    const signIn = async (email: string) => ok(await t().call('auth', 'login', { email, password: DEMO_PASSWORD })).accessToken as string;
    const doctor = await signIn(result.accounts.find((a) => a.role === 'doctor')!.email);
    const week = ok(await t().call('appointments', 'listByOrganization', { organizationId: hospital!.id, page: 1, pageSize: 1 }, { token: doctor }));
    assert.equal(week.total, 60, 'three doctors, four a day, five weekdays');
    const nurse = await signIn(result.accounts.find((a) => a.role === 'nurse')!.email);
    const occupied = ok(await t().call('beds', 'listByOrganization', { organizationId: hospital!.id }, { token: nurse })).items.filter((b: { status: string }) => b.status === 'OCCUPIED');
    assert.equal(occupied.length, 2, 'a bed is occupied exactly while an admission holds it');
    const pharmacist = await signIn(result.accounts.find((a) => a.role === 'pharmacist')!.email);
    const stats = ok(await t().call('inventoryItems', 'getStats', { organizationId: pharmacy!.id }, { token: pharmacist }));
    assert.equal(stats.lowStockCount, 1, 'the inhaler is below its minimum');
    const patient = await signIn(result.accounts.find((a) => a.role === 'patient')!.email);
    const own = ok(await t().call('prescriptionMarketplace', 'getMyPrescriptions', {}, { token: patient }));
    assert.equal(own.total, 1, 'the patient sees its one request');
    assert.equal(own.items[0].status, 'BROADCASTED');
    assert.equal((await t().call('appointments', 'listByOrganization', { organizationId: clinic!.id }, { token: pharmacist })).statusCode, 403, 'staff of one organization see nothing of another');
  });
});
