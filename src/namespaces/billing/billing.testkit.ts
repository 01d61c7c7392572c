import { kit as admissionsKit, itemOf, type Hospital } from '../admissions/admissions.testkit.ts';
import type { TestApp } from '../../../test/harness.ts';

/** Builders for the billing tests: a hospital with a GST profile, an admission with charges. */

export const GSTIN = '27AAPFU0939F1ZV';
export const OTHER_STATE_GSTIN = '29AAGCB7383J1Z4';

type Data = Record<string, unknown>;

export function billingKit(t: () => TestApp) {
  const k = admissionsKit(t);
  const call = (op: string, data: Data, token?: string) => t().call('billing', op, data, token ? { token } : {});

  /** A hospital registered for GST in Maharashtra ('27'), unless other settings are given. */
  const gstHospital = (settings: Data = { taxRegime: 'in_gst', gstin: GSTIN }) => k.hospital(settings);

  /** An admitted patient's admission with a charge of each `price @ taxPercent × quantity`. */
  async function admissionWith(h: Hospital, charges: { price: number; taxPercent: number; quantity?: number; name?: string; sacCode?: string }[]): Promise<string> {
    const admissionId = itemOf(await k.admit(h, { status: 'ADMITTED' })).id as string;
    for (const c of charges) await addCharge(h, admissionId, c);
    return admissionId;
  }

  async function addCharge(h: Hospital, admissionId: string, c: { price: number; taxPercent: number; quantity?: number; name?: string; sacCode?: string }) {
    const serviceId = await k.service(h.organizationId, { name: c.name ?? `Service ${c.price}`, price: c.price, taxPercent: c.taxPercent, ...(c.sacCode ? { sacCode: c.sacCode } : {}) });
    return itemOf(await k.call('admissionCharges', 'applyCharge', { idpTeamId: h.team, idpUserId: h.accountant.idpUserId, serviceId, chargeType: 'procedure', admissionId, quantity: c.quantity ?? 1 }, h.accountant.token));
  }

  const invoiceAdmission = (h: Hospital, admissionId: string, data: Data = {}, token = h.accountant.token) =>
    call('issueInvoice', { organizationId: h.organizationId, admissionId, ...data }, token);

  return { ...k, billing: call, gstHospital, admissionWith, addCharge, invoiceAdmission };
}
