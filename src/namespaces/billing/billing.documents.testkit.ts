import { tokenFor } from '../../../test/builders.ts';
import { ok, type TestApp } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import type { Hospital } from '../admissions/admissions.testkit.ts';
import type { billingKit } from './billing.testkit.ts';
import { pdfPages } from './render/pdf-text.testkit.ts';

/** Builders for the tests of documents as files: downloads through POST /billing/document, PDF text, patients with accounts. */

/** Every page's text, its pieces joined by spaces. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await pdfPages(pdf)).join('\n');
}

/** POST /billing/document as a client sends it: the body is the operation's data. */
export async function download(t: TestApp, data: Record<string, unknown>, token?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/billing/document',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(data),
  });
  const isJson = String(response.headers['content-type']).startsWith('application/json');
  return { status: response.statusCode, headers: response.headers, raw: response.rawPayload, text: response.body, error: isJson ? response.json<{ error?: { code: string } }>().error : undefined };
}

/** A patient record of the hospital linked to a new account (as an accepted link leaves it), and that account's token. */
export async function patientWithAccount(t: TestApp, b: ReturnType<typeof billingKit>, h: Hospital, name: string, patientId?: string) {
  const id = patientId ?? (await b.patient(h.organizationId, name));
  const idpUserId = `idp-${newId()}`;
  await t.database.db.updateTable('patients').set({ idpUserId }).where('id', '=', id).execute();
  return { id, idpUserId, token: await tokenFor(t, idpUserId) };
}

/** An invoice as the tests read it. */
export interface IssuedInvoice {
  id: string;
  number: string;
  issueDate: string;
  patientId: string;
  subject: string | null;
  totals: { grandTotal: number };
}

/** A tax invoice of an admission of the patient with one charge of `price` at 18 % GST, issued by the accountant. */
export async function invoiceFor(b: ReturnType<typeof billingKit>, h: Hospital, patientId: string, price = 1000): Promise<IssuedInvoice> {
  const admitted = ok(await b.admit(h, { status: 'ADMITTED', patientId })) as { item: { id: string } };
  await b.addCharge(h, admitted.item.id, { price, taxPercent: 18 });
  return (ok(await b.invoiceAdmission(h, admitted.item.id)) as { item: IssuedInvoice }).item;
}
