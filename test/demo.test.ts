import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO_PASSWORD, seedDemo, type DemoCall } from '../scripts/demo-data.ts';
import { addDays, nextWeekday, SCHEDULES, weekdayOf } from '../scripts/demo-schedules.ts';
import { dateIn } from '../src/time/zone.ts';
import { describeEachDialect, failsWith, ok } from './harness.ts';

/** The demo runs on the organizations' today (a zone far from UTC): today's visits are booked today. */
const TIME_ZONE = 'Asia/Kolkata';

describeEachDialect('npm run demo: a believable hospital, clinic and pharmacy through the API', (t) => {
  test('fills every part, and each printed account signs in and sees its organization', async () => {
    const call: DemoCall = async (namespace, apiName, data, token) => {
      const response = await t().call(namespace, apiName, data, token ? { token } : {});
      return { status: response.statusCode, body: response.body };
    };
    const steps: number[] = [];
    const today = dateIn(TIME_ZONE, Date.now());
    const result = await seedDemo(call, { today, timeZone: TIME_ZONE, tag: t().dialect, progress: (done, total) => steps.push(done / total) });
    assert.deepEqual(steps.at(-1), 1, 'the progress reaches the end');
    assert.ok(steps.every((s, i) => i === 0 || s > steps[i - 1]!), 'and only moves forward');
    // 100 appointments less the four of the clinic doctor's leave day, and the billed consultation.
    assert.deepEqual(result.counts, { accounts: 14, organizations: 3, staff: 10, schedules: 5, patients: 30, appointments: 97, beds: 6, admissions: 2, charges: 2, billingDocuments: 4, inventoryItems: 8, prescriptionRequests: 1 });
    assert.deepEqual(result.documents.map((d) => d.kind), ['TAX_INVOICE', 'RECEIPT', 'CREDIT_NOTE', 'BILL_OF_SUPPLY']);

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

    // Free slots this week for every doctor, on its own grid; none on the leave day.
    const thisWeek = { dateFrom: today, dateTo: addDays(today, 6) };
    assert.equal(result.doctors.length, SCHEDULES.length);
    for (const [i, d] of result.doctors.entries()) {
      const slots = ok(await t().call('appointments', 'findSlots', { organizationId: d.organizationId, doctorId: d.userId, ...thisWeek })).items as { date: string; time: string; duration: number }[];
      assert.ok(slots.length > 0, `${d.email} has free slots this week`);
      assert.ok(slots.every((s) => s.duration === SCHEDULES[i]!.slotMinutes), `${d.email}'s slots are ${SCHEDULES[i]!.slotMinutes} minutes`);
      if (SCHEDULES[i]!.leave) assert.ok(!slots.some((s) => s.date === nextWeekday(today)), `${d.email} is on leave on ${nextWeekday(today)}`);
    }

    // Today at the hospital (on a weekday): three visits done, three patients waiting.
    const visits = ok(await t().call('appointments', 'listByOrganization', { organizationId: hospital!.id, pageSize: 100 }, { token: doctor })).items as { scheduledDate: string; status: string }[];
    const statuses = visits.filter((v) => v.scheduledDate === today).map((v) => v.status).sort();
    const weekday = weekdayOf(today) % 6 !== 0;
    assert.deepEqual(statuses, weekday ? [...Array(3).fill('checked_in'), ...Array(3).fill('completed'), ...Array(6).fill('scheduled')] : []);

    // The hospital's charge, by the hospital's id where the interface names a team; another organization's doctor finds no such organization.
    const billing = await signIn(result.accounts.find((a) => a.role === 'accountant')!.email);
    const admissions = ok(await t().call('admissions', 'listByOrganization', { organizationId: hospital!.id }, { token: billing })).items as { id: string }[];
    const charged = await Promise.all(admissions.map(async (a) => ok(await t().call('admissionCharges', 'getChargesForAdmission', { idpTeamId: hospital!.id, admissionId: a.id }, { token: billing })).items));
    assert.deepEqual(charged.flat().map((c: { serviceName: string; quantity: number }) => [c.serviceName, c.quantity]), [['General ward bed, per day', 2], ['Wound dressing kit', 3]]);

    // The hospital's bills: the invoice of the admission, paid by its advance less the credited kit;
    // the patient with an account finds the clinic's bill and downloads it.
    const invoice = ok(await t().call('billing', 'getDocument', { organizationId: hospital!.id, id: result.documents[0]!.id }, { token: billing })).item;
    assert.deepEqual([invoice.totals.cgst, invoice.totals.grandTotal, invoice.credited, invoice.paymentStatus], [81, 4512, 504, 'PAID']);
    const mine = ok(await t().call('billing', 'listMyDocuments', {}, { token: patient })).items as { id: string; organizationId: string }[];
    assert.deepEqual(mine.map((d) => d.id), [result.documents[3]!.id]);
    const pdf = await t().app.inject({ method: 'POST', url: '/billing/document', headers: { 'content-type': 'application/json', authorization: `Bearer ${patient}` }, payload: JSON.stringify({ organizationId: clinic!.id, id: mine[0]!.id }) });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    const clinicDoctor = await signIn(result.doctors.find((d) => d.organizationId === clinic!.id)!.email);
    const hidden = failsWith(await t().call('admissionCharges', 'getChargesForAdmission', { idpTeamId: hospital!.id, admissionId: admissions[0]!.id }, { token: clinicDoctor }), 'NOT_FOUND', 404);
    assert.equal(hidden.message, 'organization not found');
  });
});
