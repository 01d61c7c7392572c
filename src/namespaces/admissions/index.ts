import type { Operation } from '../../operations/operation.ts';
import { admissions } from './admissions.resource.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { getAdmissionLogs } from './getAdmissionLogs.ts';
import { getAdmittedPatientDetailForBilling } from './getAdmittedPatientDetailForBilling.ts';
import { listByDoctorId } from './listByDoctorId.ts';
import { listByOrganization } from './listByOrganization.ts';
import { update } from './update.ts';

export const operations: Operation[] = [
  ...admissions.operations,
  create,
  update,
  remove,
  listByOrganization,
  listByDoctorId,
  getAdmissionLogs,
  getAdmittedPatientDetailForBilling,
];
