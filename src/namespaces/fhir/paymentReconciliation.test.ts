import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect } from '../../../test/harness.ts';
import { parseJsonArray } from '../../values/record.ts';
import { itemOf, kit } from '../admissions/admissions.testkit.ts';
import { allPages, assertOutcome, fhir, idsOf, searchset, sorted, type Json } from './fhir-http.testkit.ts';

const REFERENCE = 'urn:healthops:payment-reference';

describeEachDialect('FHIR R4: PaymentReconciliation', (t) => {
  const k = kit(t);

  /**
   * An organization in India (IST, UTC+5:30) with two admissions of two patients: on the first a
   * payment of 1000.35 by UPI (reference UPI-771) and a refund of 200.10 of it, on the second a
   * cash payment with no reference, taken by the receptionist.
   */
  async function hospitalWithPayments() {
    const h = await k.hospital();
    await t().database.db.updateTable('organizations').set({ timezone: 'Asia/Kolkata' }).where('id', '=', h.organizationId).execute();
    const otherPatient = await k.patient(h.organizationId, 'Ravi Kumar');
    const first = itemOf(await k.admit(h, { status: 'ADMITTED' })).id as string;
    const second = itemOf(await k.admit(h, { patientId: otherPatient, status: 'ADMITTED' })).id as string;
    await k.charge(h, first, 2000);
    const paid = itemOf(await k.call('admissions', 'recordPayment', { organizationId: h.organizationId, admissionId: first, amount: 1000.35, method: 'upi', reference: 'UPI-771' }, h.accountant.token)).id as string;
    const refund = itemOf(
      await k.call('admissions', 'refundPayment', { organizationId: h.organizationId, admissionId: first, amount: 200.1, method: 'upi', reason: 'charged twice', refundOf: paid, reference: 'RF-9' }, h.accountant.token),
    ).id as string;
    const cash = itemOf(await k.pay(h, second, 50, h.receptionist.token)).id as string;
    const at = (id: string, times: { receivedAt: number; createdAt: number }) => t().database.db.updateTable('admissionPayments').set(times).where('id', '=', id).execute();
    // Received at 20:00 UTC on 10 January: 11 January in India.
    await at(paid, { receivedAt: Date.UTC(2030, 0, 10, 20), createdAt: Date.UTC(2030, 0, 10, 20, 5) });
    await at(refund, { receivedAt: Date.UTC(2030, 1, 2, 9), createdAt: Date.UTC(2030, 1, 2, 9) });
    await at(cash, { receivedAt: Date.UTC(2030, 2, 5, 6), createdAt: Date.UTC(2030, 2, 5, 6, 30) });
    return { h, otherPatient, first, second, paid, refund, cash, as: { token: h.accountant.token, organizationId: h.organizationId } };
  }

  test('read: a payment and a refund field by field, amounts exact in INR, the refund negative and naming the payment it gives back; another organization\'s is 404', async () => {
    const { h, first, second, paid, refund, cash, as } = await hospitalWithPayments();
    const payment = await fhir(t(), 'GET', `/PaymentReconciliation/${paid}`, as);
    assert.equal(payment.status, 200);
    assert.deepEqual(payment.body, {
      resourceType: 'PaymentReconciliation',
      id: paid,
      meta: { lastUpdated: '2030-01-10T20:05:00.000Z' },
      identifier: [{ system: REFERENCE, value: 'UPI-771' }],
      status: 'active',
      created: '2030-01-10T20:05:00.000Z',
      requestor: { reference: `Practitioner/${h.accountant.userId}` },
      outcome: 'complete',
      disposition: 'Payment by upi',
      // The organization's day: 20:00 UTC is past midnight in India.
      paymentDate: '2030-01-11',
      paymentAmount: { value: 1000.35, currency: 'INR' },
      paymentIdentifier: { system: REFERENCE, value: 'UPI-771' },
      detail: [
        {
          identifier: { system: 'urn:healthops:record-id', value: paid },
          type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/payment-type', code: 'payment', display: 'Payment' }] },
          request: { reference: `Account/${first}` },
          date: '2030-01-11',
          payee: { reference: `Organization/${h.organizationId}` },
          amount: { value: 1000.35, currency: 'INR' },
        },
      ],
    });

    const given = (await fhir(t(), 'GET', `/PaymentReconciliation/${refund}`, as)).body;
    assert.deepEqual(
      [given.paymentAmount, given.disposition, given.paymentDate, given.paymentIdentifier, given.detail[0].amount, given.detail[0].predecessor, given.detail[0].request],
      [{ value: -200.1, currency: 'INR' }, 'Refund by upi: charged twice', '2030-02-02', { system: REFERENCE, value: 'RF-9' }, { value: -200.1, currency: 'INR' }, { system: 'urn:healthops:record-id', value: paid }, { reference: `Account/${first}` }],
    );
    // No reference: no identifier; taken by the receptionist.
    const taken = (await fhir(t(), 'GET', `/PaymentReconciliation/${cash}`, as)).body;
    assert.deepEqual([taken.identifier, taken.paymentIdentifier, taken.requestor, taken.paymentAmount, taken.detail[0].request], [undefined, undefined, { reference: `Practitioner/${h.receptionist.userId}` }, { value: 50, currency: 'INR' }, { reference: `Account/${second}` }]);

    const elsewhere = await hospitalWithPayments();
    assertOutcome(await fhir(t(), 'GET', `/PaymentReconciliation/${elsewhere.paid}`, as), 404);
  });

  test('search: _id, patient, account, requestor, identifier, status, created with prefixes, _lastUpdated; paging to the end', async () => {
    const { h, otherPatient, first, second, paid, refund, cash, as } = await hospitalWithPayments();
    await hospitalWithPayments();
    const search = async (query: string) => idsOf(await searchset(t(), `/PaymentReconciliation?${query}`, as));
    assert.deepEqual(await search(''), sorted(paid, refund, cash));
    assert.deepEqual(await search(`_id=${paid},${cash}`), sorted(paid, cash));
    assert.deepEqual(await search(`patient=Patient/${h.patientId}`), sorted(paid, refund));
    assert.deepEqual(await search(`patient=${otherPatient}`), [cash]);
    assert.deepEqual(await search(`account=Account/${first}`), sorted(paid, refund));
    assert.deepEqual(await search(`account=${second}`), [cash]);
    assert.deepEqual(await search(`requestor=Practitioner/${h.receptionist.userId}`), [cash]);
    assert.deepEqual(await search('identifier=UPI-771'), [paid]);
    assert.deepEqual(await search(`identifier=${REFERENCE}|RF-9`), [refund]);
    assert.deepEqual(await search(`identifier=${REFERENCE}|`), sorted(paid, refund));
    assert.deepEqual(await search('identifier=UPI-771,RF-9'), sorted(paid, refund));
    assert.deepEqual(await search('identifier=upi-771'), []);
    assert.deepEqual(await search('status=active'), sorted(paid, refund, cash));
    assert.deepEqual(await search('status=http://hl7.org/fhir/fm-status|cancelled'), []);
    assert.deepEqual(await search('created=2030-01'), [paid]);
    // 20:05 UTC on 10 January is 11 January on the organization's clock.
    assert.deepEqual(await search('created=2030-01-11'), [paid]);
    assert.deepEqual(await search('created=ge2030-02&created=lt2030-03'), [refund]);
    assert.deepEqual(await search('created=gt2030-02-02T09:00Z'), [cash]);
    assert.deepEqual(await search('_lastUpdated=lt2030-02'), [paid]);
    assert.deepEqual(await search(`_lastUpdated=ge2030-03&patient=${otherPatient}`), [cash]);
    for (const bad of ['status=closed', 'created=2030-13', 'account=Encounter/x', 'identifier=http://example.org|UPI-771', 'requestor=Organization/x']) {
      assertOutcome(await fhir(t(), 'GET', `/PaymentReconciliation?${bad}`, as), 400);
    }

    // Paging: one payment a page, the next link to the end, each once, the total on every page.
    const pages = await allPages(t(), '/PaymentReconciliation?_count=1', as);
    assert.deepEqual([pages.pages, pages.totals, pages.ids], [3, [3, 3, 3], sorted(paid, refund, cash)]);
  });

  test('_include of the patient, the account and the staff member; _revinclude from Account and Patient', async () => {
    const { h, first, paid, refund, as } = await hospitalWithPayments();
    const included = await searchset(t(), `/PaymentReconciliation?_id=${paid}&_include=PaymentReconciliation:patient&_include=PaymentReconciliation:account&_include=PaymentReconciliation:requestor`, as);
    const kinds = (included.entry as Json[]).filter((entry) => entry.search.mode === 'include').map((entry) => `${String(entry.resource.resourceType)}/${String(entry.resource.id)}`);
    assert.deepEqual(kinds.sort(), sorted(`Patient/${h.patientId}`, `Account/${first}`, `Practitioner/${h.accountant.userId}`));
    const revincluded = await searchset(t(), `/Account?_id=${first}&_revinclude=PaymentReconciliation:account`, as);
    assert.deepEqual(idsOf(revincluded, 'include'), sorted(paid, refund));
    const ofPatient = await searchset(t(), `/Patient?_id=${h.patientId}&_revinclude=PaymentReconciliation:patient`, as);
    assert.deepEqual(idsOf(ofPatient, 'include'), sorted(paid, refund));
  });

  test('who may read: admins, doctors, receptionists and accountants; a nurse, a lab technician or a pharmacist 403; the read log names the patients', async () => {
    const { h, otherPatient, paid, as } = await hospitalWithPayments();
    const { organizationId } = as;
    for (const role of ['doctor', 'receptionist', 'accountant', 'admin']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/PaymentReconciliation/${paid}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/PaymentReconciliation', { token, organizationId })).status, 200, role);
    }
    for (const role of ['nurse', 'lab_technician', 'pharmacist', 'hr']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/PaymentReconciliation/${paid}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'POST', '/PaymentReconciliation/_search', { token, organizationId, form: '' }), 403);
    }
    // Nor through another type's search: a nurse reads Patients, not the payments that name them.
    const nurse = await signIn(t(), { organizationId, roles: ['nurse'] });
    assertOutcome(await fhir(t(), 'GET', `/Patient?_id=${h.patientId}&_revinclude=PaymentReconciliation:patient`, { token: nurse.token, organizationId }), 403, /PaymentReconciliation:patient/);

    const reader = await signIn(t(), { organizationId, roles: ['receptionist'] });
    const by = { token: reader.token, organizationId };
    assert.equal((await fhir(t(), 'GET', `/PaymentReconciliation/${paid}`, by)).status, 200);
    assert.equal((await fhir(t(), 'GET', '/PaymentReconciliation?_elements=outcome', by)).status, 200);
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', organizationId).where('actorIdpUserId', '=', reader.idpUserId).execute();
    const byOperation = new Map(reads.map((read) => [read.operation, parseJsonArray(read.patientIds).sort()]));
    assert.deepEqual(byOperation.get('fhir.readPaymentReconciliation'), [h.patientId]);
    assert.deepEqual(byOperation.get('fhir.searchPaymentReconciliation'), sorted(h.patientId, otherPatient));
  });
});
