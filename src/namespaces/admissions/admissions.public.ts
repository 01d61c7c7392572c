/** What other namespaces use of admissions; they import it from here only. */
export { advanceOf, billOf } from './admissions.bill.ts';
export { activeChargeFor, type ChargeRecord, type ChargeRow, chargesOfAdmission, toChargeRecord } from './admissions.charges.ts';
export { findAdmission } from './admissions.repo.ts';
export { type AdmissionRecord, admissions } from './admissions.resource.ts';
export { isEnded } from './admissions.status.ts';
export { advanceHeld, amountDueSql, findPayment, netPaid, type PaymentRow, paymentsOf } from './admissions.payments.ts';
export { billShape, chargeRecord } from './admissions.results.ts';
