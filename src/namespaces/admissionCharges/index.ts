import type { Operation } from '../../operations/operation.ts';
import { applyCharge } from './applyCharge.ts';
import { applyDoctorFee } from './applyDoctorFee.ts';
import { applyLabCharge } from './applyLabCharge.ts';
import { checkChargeExists } from './checkChargeExists.ts';
import { getChargesForAdmission } from './getChargesForAdmission.ts';
import { getChargesForPatient } from './getChargesForPatient.ts';
import { getChargesSummary } from './getChargesSummary.ts';
import { voidCharge } from './voidCharge.ts';

export const operations: Operation[] = [
  applyCharge,
  applyDoctorFee,
  applyLabCharge,
  checkChargeExists,
  getChargesForAdmission,
  getChargesForPatient,
  getChargesSummary,
  voidCharge,
];
export { events } from './admissionCharges.events.ts';
