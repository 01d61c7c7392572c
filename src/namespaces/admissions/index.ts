import type { Operation } from '../../operations/operation.ts';
import { admissions } from './admissions.resource.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { getAdmissionLogs } from './getAdmissionLogs.ts';
import { getAdmittedPatientDetailForBilling } from './getAdmittedPatientDetailForBilling.ts';
import { listByDoctorId } from './listByDoctorId.ts';
import { listByOrganization } from './listByOrganization.ts';
import { update } from './update.ts';
import { admit } from './admit.ts';
import { cancel } from './cancel.ts';
import { discharge } from './discharge.ts';
import { listPayments } from './listPayments.ts';
import { recordPayment } from './recordPayment.ts';
import { refundPayment } from './refundPayment.ts';
import { requestDischarge } from './requestDischarge.ts';
import { transfer } from './transfer.ts';

export const operations: Operation[] = [
  ...admissions.operations,
  create,
  update,
  remove,
  listByOrganization,
  listByDoctorId,
  getAdmissionLogs,
  getAdmittedPatientDetailForBilling,
  admit,
  transfer,
  requestDischarge,
  discharge,
  cancel,
  recordPayment,
  refundPayment,
  listPayments,
];
export { events } from './admissions.events.ts';
