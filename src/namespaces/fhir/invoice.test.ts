import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { parseJsonArray } from '../../values/record.ts';
import { billingKit, OTHER_STATE_GSTIN } from '../billing/billing.testkit.ts';
import { assertOutcome, fhir, idsOf, searchset, sorted, type Json } from './fhir-http.testkit.ts';

const NUMBER = 'urn:healthops:billing-document-number';
const gst = (code: string, value: number) => ({ type: 'tax', code: { coding: [{ system: 'urn:healthops:gst-component', code }], text: code }, amount: { value, currency: 'INR' } });
const inr = (value: number) => ({ value, currency: 'INR' });

describeEachDialect('FHIR R4: Invoice', (t) => {
  const b = billingKit(t);

  /**
   * A GST hospital with three invoices: `taxed` (CGST and SGST, a line exempt, credited in part by a
   * credit note), `interstate` (IGST, of another patient, cancelled) and `pennies` (0.10 and 0.20, a bill of supply).
   */
  async function hospitalWithInvoices() {
    const h = await b.gstHospital();
    const otherPatient = await b.patient(h.organizationId, 'Ravi Kumar');
    const invoice = async (admissionId: string, data: Record<string, unknown> = {}) => (ok(await b.invoiceAdmission(h, admissionId, data)) as { item: { id: string; number: string } }).item;
    const taxed = await invoice(
      await b.admissionWith(h, [
        { price: 99.99, taxPercent: 12, quantity: 3, name: 'Dressing kit', sacCode: '999312' },
        { price: 1500, taxPercent: 0, quantity: 2, name: 'Bed (general ward)' },
      ]),
    );
    const credit = (ok(await b.billing('issueCreditNote', { organizationId: h.organizationId, invoiceId: taxed.id, reason: 'returned unused', lines: [{ position: 0, quantity: 1 }] }, h.accountant.token)) as { item: { id: string; number: string; issueDate: string } }).item;
    const admitted = ok(await b.admit(h, { status: 'ADMITTED', patientId: otherPatient })) as { item: { id: string } };
    await b.addCharge(h, admitted.item.id, { price: 99.99, taxPercent: 18, quantity: 3 });
    const interstate = await invoice(admitted.item.id, { buyerGstin: OTHER_STATE_GSTIN });
    ok(await b.billing('cancelDocument', { organizationId: h.organizationId, id: interstate.id, reason: 'wrong buyer' }, h.accountant.token));
    const pennies = await invoice(await b.admissionWith(h, [{ price: 0.1, taxPercent: 0, name: 'Cotton' }, { price: 0.2, taxPercent: 0, name: 'Swab' }]));
    return { h, otherPatient, taxed, credit, interstate, pennies, as: { token: h.accountant.token, organizationId: h.organizationId } };
  }

  test('read: an invoice with its number, lines (base, CGST/SGST/IGST as tax codes), exact totals in INR; credit notes noted; another organization\'s 404', async () => {
    const { h, taxed, credit, interstate, pennies, as } = await hospitalWithInvoices();
    const answer = await fhir(t(), 'GET', `/Invoice/${taxed.id}`, as);
    assert.equal(answer.status, 200);
    const { meta, date, ...resource } = answer.body;
    assert.match(meta.lastUpdated, /^\d{4}-\d{2}-\d{2}T/);
    assert.match(date, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(resource, {
      resourceType: 'Invoice',
      id: taxed.id,
      identifier: [{ system: NUMBER, value: taxed.number }],
      status: 'issued',
      type: { text: 'Tax invoice' },
      subject: { reference: `Patient/${h.patientId}` },
      issuer: { reference: `Organization/${h.organizationId}` },
      lineItem: [
        // 99.99 x 3 = 299.97; 6 % of it = 17.9982, 18.00 each for CGST and SGST.
        { sequence: 1, chargeItemCodeableConcept: { coding: [{ system: 'urn:healthops:hsn-sac', code: '999312' }], text: 'Dressing kit' }, priceComponent: [{ type: 'base', amount: inr(299.97) }, gst('CGST', 18), gst('SGST', 18)] },
        { sequence: 2, chargeItemCodeableConcept: { text: 'Bed (general ward)' }, priceComponent: [{ type: 'base', amount: inr(3000) }] },
      ],
      totalNet: inr(3299.97),
      // 3299.97 + 36.00 = 3335.97, rounded to the rupee.
      totalGross: inr(3336),
      // One dressing kit credited: 99.99 + 6.00 + 6.00 = 111.99, its grand total rounded to the rupee.
      note: [{ text: `Credit note ${credit.number} of ${credit.issueDate}: 112.00 INR` }],
    });

    const cancelled = (await fhir(t(), 'GET', `/Invoice/${interstate.id}`, as)).body;
    assert.deepEqual([cancelled.status, cancelled.cancelledReason], ['cancelled', 'wrong buyer']);
    // 18 % of 299.97 = 53.9946: IGST 53.99 (another state), 353.96 in all, 354 rounded.
    assert.deepEqual(cancelled.lineItem[0].priceComponent, [{ type: 'base', amount: inr(299.97) }, gst('IGST', 53.99)]);
    assert.deepEqual([cancelled.totalNet, cancelled.totalGross], [inr(299.97), inr(354)]);

    // 0.10 + 0.20 is 0.3 exactly, as minor units: no float drift (0.1 + 0.2 = 0.30000000000000004 in floats).
    const small: Json = (await fhir(t(), 'GET', `/Invoice/${pennies.id}`, as)).body;
    assert.equal(small.type.text, 'Bill of supply');
    assert.deepEqual(small.lineItem.map((line: Json) => line.priceComponent), [[{ type: 'base', amount: inr(0.1) }], [{ type: 'base', amount: inr(0.2) }]]);
    assert.deepEqual(small.totalNet, inr(0.3));
    assert.equal(JSON.stringify(small.totalNet), '{"value":0.3,"currency":"INR"}');

    // A credit note is no Invoice (docs/fhir.md, "Invoice").
    assertOutcome(await fhir(t(), 'GET', `/Invoice/${credit.id}`, as), 404);
    const elsewhere = await hospitalWithInvoices();
    assertOutcome(await fhir(t(), 'GET', `/Invoice/${elsewhere.taxed.id}`, as), 404);
  });

  test('search: _id, patient, identifier, status, date with prefixes, _lastUpdated (cancelling updates it)', async () => {
    const { h, otherPatient, taxed, interstate, pennies, as } = await hospitalWithInvoices();
    await hospitalWithInvoices();
    const search = async (query: string) => idsOf(await searchset(t(), `/Invoice?${query}`, as));

    assert.deepEqual(await search(''), sorted(taxed.id, interstate.id, pennies.id));
    assert.deepEqual(await search(`_id=${pennies.id}`), [pennies.id]);
    assert.deepEqual(await search(`patient=Patient/${h.patientId}`), sorted(taxed.id, pennies.id));
    assert.deepEqual(await search(`patient=${otherPatient}`), [interstate.id]);
    assert.deepEqual(await search(`identifier=${encodeURIComponent(taxed.number)}`), [taxed.id]);
    assert.deepEqual(await search(`identifier=${encodeURIComponent(`${NUMBER}|${interstate.number},${pennies.number}`)}`), sorted(interstate.id, pennies.id));
    assert.deepEqual(await search('identifier=INV/0000/999'), []);
    // The system alone: every invoice that has a number (all do).
    assert.deepEqual(await search(`identifier=${encodeURIComponent(`${NUMBER}|`)}`), sorted(taxed.id, interstate.id, pennies.id));
    assert.deepEqual(await search('status=issued'), sorted(taxed.id, pennies.id));
    assert.deepEqual(await search('status=http://hl7.org/fhir/invoice-status|cancelled'), [interstate.id]);
    assert.deepEqual(await search('status=balanced,draft'), []);

    // The documents are issued now (append-only: their times cannot be set): the expectations follow their dates.
    const all = await searchset(t(), '/Invoice', as);
    const dates = new Map<string, string>(all.entry.map((entry: Json) => [entry.resource.id, entry.resource.date]));
    const updated = new Map<string, string>(all.entry.map((entry: Json) => [entry.resource.id, entry.resource.meta.lastUpdated]));
    const which = (of: Map<string, string>, keep: (instant: string) => boolean) => sorted(...[...of].filter(([, instant]) => keep(instant)).map(([id]) => id));
    const taxedDate = dates.get(taxed.id)!;
    assert.deepEqual(await search(`date=le${taxedDate}`), which(dates, (d) => d <= taxedDate));
    assert.deepEqual(await search(`date=gt${taxedDate}`), which(dates, (d) => d > taxedDate));
    assert.deepEqual(await search(`date=ge${new Date(Date.now() - 3_600_000).toISOString()}&date=lt2100`), sorted(taxed.id, interstate.id, pennies.id));
    assert.deepEqual(await search('date=lt2020'), []);
    // Cancelled after the last invoice but one was issued: its lastUpdated is its cancellation.
    assert.ok(updated.get(interstate.id)! > dates.get(interstate.id)!);
    const cancelledAt = updated.get(interstate.id)!;
    assert.deepEqual(await search(`_lastUpdated=ge${cancelledAt}`), which(updated, (u) => u >= cancelledAt));
    assert.ok((await search(`_lastUpdated=ge${cancelledAt}`)).includes(interstate.id));
    assert.deepEqual(await search('_lastUpdated=lt2020'), []);
    for (const bad of ['status=paid', 'date=2030-02-30', 'patient=Encounter/x', 'identifier=http://other|INV/1']) {
      assertOutcome(await fhir(t(), 'GET', `/Invoice?${bad}`, as), 400);
    }
  });

  test('who may read: the roles that read billing documents; a doctor, a nurse or a lab technician 403; the read log names the patients', async () => {
    const { h, otherPatient, taxed, as } = await hospitalWithInvoices();
    const { organizationId } = as;
    for (const role of ['receptionist', 'accountant', 'admin']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assert.equal((await fhir(t(), 'GET', `/Invoice/${taxed.id}`, { token, organizationId })).status, 200, role);
      assert.equal((await fhir(t(), 'GET', '/Invoice', { token, organizationId })).status, 200, role);
    }
    for (const role of ['doctor', 'nurse', 'lab_technician', 'pharmacist']) {
      const { token } = await signIn(t(), { organizationId, roles: [role] });
      assertOutcome(await fhir(t(), 'GET', `/Invoice/${taxed.id}`, { token, organizationId }), 403);
      assertOutcome(await fhir(t(), 'POST', '/Invoice/_search', { token, organizationId, form: '' }), 403);
    }

    const reader = await signIn(t(), { organizationId, roles: ['receptionist'] });
    const by = { token: reader.token, organizationId };
    assert.equal((await fhir(t(), 'GET', `/Invoice/${taxed.id}`, by)).status, 200);
    assert.equal((await fhir(t(), 'GET', '/Invoice?_elements=totalGross', by)).status, 200);
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', organizationId).where('actorIdpUserId', '=', reader.idpUserId).execute();
    const byOperation = new Map(reads.map((read) => [read.operation, parseJsonArray(read.patientIds).sort()]));
    assert.deepEqual(byOperation.get('fhir.readInvoice'), [h.patientId]);
    assert.deepEqual(byOperation.get('fhir.searchInvoice'), sorted(h.patientId, otherPatient));
  });
});
