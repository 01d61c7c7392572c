import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { parseJsonArray } from '../../values/record.ts';
import { itemOf, kit } from '../admissions/admissions.testkit.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted, type Json } from './fhir-http.testkit.ts';

describeEachDialect('FHIR R4: Account', (t) => {
  const k = kit(t);

  /**
   * Four admissions, each an account: one going on with money due, one discharged and settled, one
   * discharged with money due (an override), one requested and cancelled (nothing due).
   */
  async function hospitalWithAccounts() {
    const h = await k.hospital();
    const otherPatient = await k.patient(h.organizationId, 'Ravi Kumar');
    const admit = async (patientId: string, status: string) => itemOf(await k.admit(h, { patientId, status })).id as string;
    const ongoing = await admit(h.patientId, 'ADMITTED');
    await k.charge(h, ongoing, 500);
    ok(await k.pay(h, ongoing, 200));
    const settled = await admit(h.patientId, 'ADMITTED');
    await k.charge(h, settled, 300);
    ok(await k.pay(h, settled, 300));
    ok(await k.call('admissions', 'discharge', { organizationId: h.organizationId, id: settled }, h.accountant.token));
    const owing = await admit(otherPatient, 'ADMITTED');
    await k.charge(h, owing, 1000.5);
    ok(await k.call('admissions', 'discharge', { organizationId: h.organizationId, id: owing, override: { reason: 'transferred out' } }, h.accountant.token));
    const cancelled = await admit(otherPatient, 'REQUESTED');
    ok(await k.call('admissions', 'cancel', { organizationId: h.organizationId, id: cancelled, reason: 'went elsewhere' }, h.receptionist.token));
    const at = (id: string, times: Record<string, number>) => t().database.db.updateTable('admissions').set(times).where('id', '=', id).execute();
    await at(ongoing, { admittedAt: Date.UTC(2030, 0, 5, 10) });
    await at(settled, { admittedAt: Date.UTC(2030, 1, 1, 8), dischargedAt: Date.UTC(2030, 1, 4, 12) });
    await at(owing, { admittedAt: Date.UTC(2030, 2, 10, 9), dischargedAt: Date.UTC(2030, 2, 12, 9) });
    await at(cancelled, { requestedAt: Date.UTC(2030, 3, 1, 9), cancelledAt: Date.UTC(2030, 3, 2, 9) });
    return { h, otherPatient, ongoing, settled, owing, cancelled, as: { token: h.accountant.token, organizationId: h.organizationId } };
  }

  test('read: an admission as its billing account field by field; active until ended and settled; another organization\'s is 404', async () => {
    const { h, ongoing, settled, owing, cancelled, as } = await hospitalWithAccounts();
    const answer = await fhir(t(), 'GET', `/Account/${ongoing}`, as);
    assert.equal(answer.status, 200);
    const { meta, ...account } = answer.body;
    assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(account, {
      resourceType: 'Account',
      id: ongoing,
      status: 'active',
      type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'PBILLACCT', display: 'patient billing account' }] },
      subject: [{ reference: `Patient/${h.patientId}` }],
      servicePeriod: { start: '2030-01-05T10:00:00.000Z' },
      owner: { reference: `Organization/${h.organizationId}` },
    });
    const read = async (id: string) => (await fhir(t(), 'GET', `/Account/${id}`, as)).body;
    assert.deepEqual([(await read(settled)).status, (await read(settled)).servicePeriod], ['inactive', { start: '2030-02-01T08:00:00.000Z', end: '2030-02-04T12:00:00.000Z' }]);
    // Discharged with 1000.50 due (an override): the account stays active until it is paid.
    assert.equal((await read(owing)).status, 'active');
    assert.deepEqual([(await read(cancelled)).status, (await read(cancelled)).servicePeriod], ['inactive', { start: '2030-04-01T09:00:00.000Z', end: '2030-04-02T09:00:00.000Z' }]);

    // A payment after the discharge settles it: inactive, and the account changed when the payment was recorded.
    ok(await k.pay(h, owing, 1000.5));
    const payment = Date.UTC(2031, 5, 1, 12);
    await t().database.db.updateTable('admissionPayments').set({ createdAt: payment }).where('admissionId', '=', owing).execute();
    const paid = await read(owing);
    assert.deepEqual([paid.status, paid.meta.lastUpdated], ['inactive', new Date(payment).toISOString()]);

    const elsewhere = await hospitalWithAccounts();
    assertOutcome(await fhir(t(), 'GET', `/Account/${elsewhere.ongoing}`, as), 404);
  });

  test('search: _id, patient, status, period with prefixes, _lastUpdated (the ledgers\' changes too); paging to the end', async () => {
    const { h, otherPatient, ongoing, settled, owing, cancelled, as } = await hospitalWithAccounts();
    await hospitalWithAccounts();
    const search = async (query: string) => idsOf(await searchset(t(), `/Account?${query}`, as));
    assert.deepEqual(await search(''), sorted(ongoing, settled, owing, cancelled));
    assert.deepEqual(await search(`_id=${settled},${owing}`), sorted(settled, owing));
    assert.deepEqual(await search(`patient=Patient/${h.patientId}`), sorted(ongoing, settled));
    assert.deepEqual(await search(`patient=${otherPatient}`), sorted(owing, cancelled));
    assert.deepEqual(await search('status=active'), sorted(ongoing, owing));
    assert.deepEqual(await search('status=http://hl7.org/fhir/account-status|inactive'), sorted(settled, cancelled));
    assert.deepEqual(await search(`status=inactive&patient=${otherPatient}`), [cancelled]);
    assert.deepEqual(await search('status=on-hold'), []);
    assert.deepEqual(await search('period=2030-02'), [settled]);
    assert.deepEqual(await search('period=ge2030-03&period=lt2030-04'), [owing]);
    assert.deepEqual(await search('period=gt2030-02-01T08:00Z'), sorted(owing, cancelled));
    assert.deepEqual(await search('_lastUpdated=lt2020'), []);
    await t().database.db.updateTable('admissionPayments').set({ createdAt: Date.UTC(2031, 0, 1) }).where('admissionId', '=', ongoing).execute();
    assert.deepEqual(await search('_lastUpdated=ge2031'), [ongoing]);
    for (const bad of ['status=closed', 'period=2030-13', 'patient=Encounter/x', 'status=http://example.org|active']) assertOutcome(await fhir(t(), 'GET', `/Account?${bad}`, as), 400);

    // Paging: one account a page, the next link to the end, each once, the total on every page.
    const seen: string[] = [];
    let url: string | undefined = '/Account?_count=1';
    while (url) {
      const page: Json = await searchset(t(), url, as);
      assert.equal(page.total, 4);
      seen.push(...idsOf(page));
      url = page.link.find((link: Json) => link.relation === 'next')?.url;
    }
    assert.deepEqual(seen, sorted(ongoing, settled, owing, cancelled));
  });

  test('who may read: the roles that read admission charges; a nurse or a pharmacist 403; the read log names the patients', async () => {
    const { h, otherPatient, ongoing, as } = await hospitalWithAccounts();
    const { organizationId } = as;
    for (const role of ['doctor', 'receptionist', 'accountant', 'lab_technician', 'admin']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/Account/${ongoing}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/Account', { token, organizationId })).status, 200, role);
    }
    for (const role of ['nurse', 'pharmacist', 'hr']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/Account/${ongoing}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'POST', '/Account/_search', { token, organizationId, form: '' }), 403);
    }

    const reader = await signIn(t(), { organizationId, roles: ['receptionist'] });
    const by = { token: reader.token, organizationId };
    assert.equal((await fhir(t(), 'GET', `/Account/${ongoing}`, by)).status, 200);
    assert.equal((await fhir(t(), 'GET', '/Account?_elements=owner', by)).status, 200);
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', organizationId).where('actorIdpUserId', '=', reader.idpUserId).execute();
    const byOperation = new Map(reads.map((read) => [read.operation, parseJsonArray(read.patientIds).sort()]));
    assert.deepEqual(byOperation.get('fhir.readAccount'), [h.patientId]);
    assert.deepEqual(byOperation.get('fhir.searchAccount'), sorted(h.patientId, otherPatient));
  });
});
