import type { Operation } from '../../operations/operation.ts';
import type { JobDefinition } from '../../background/runner.ts';
import { appointmentJobs } from './appointments.jobs.ts';
import { start } from './start.ts';
import { markNoShow } from './markNoShow.ts';
import { complete } from './complete.ts';
import { checkIn } from './checkIn.ts';
import { cancel } from './cancel.ts';
import { cancelSeries } from './cancelSeries.ts';
import { joinWaitlist } from './joinWaitlist.ts';
import { leaveWaitlist } from './leaveWaitlist.ts';
import { listWaitlist } from './listWaitlist.ts';
import { createSeries } from './createSeries.ts';
import { create } from './create.ts';
import { createByDoctor } from './createByDoctor.ts';
import { createPending } from './createPending.ts';
import { createReservedSlotByDoctor } from './createReservedSlotByDoctor.ts';
import { remove } from './delete.ts';
import { findSlots } from './findSlots.ts';
import { getByDoctorUserId } from './getByDoctorUserId.ts';
import { getById } from './getById.ts';
import { getDashboardTrends } from './getDashboardTrends.ts';
import { getPatientDetails } from './getPatientDetails.ts';
import { getStats } from './getStats.ts';
import { listByOrganization } from './listByOrganization.ts';
import { listByPatient } from './listByPatient.ts';
import { listByPatientId } from './listByPatientId.ts';
import { listReservedSlots } from './listReservedSlots.ts';
import { markPaymentSuccess } from './markPaymentSuccess.ts';
import { patientJoinedCall } from './patientJoinedCall.ts';
import { reschedule } from './reschedule.ts';
import { triggerCallJoinNotification } from './triggerCallJoinNotification.ts';
import { update } from './update.ts';

export const operations: Operation[] = [
  start,
  markNoShow,
  complete,
  checkIn,
  cancel,
  cancelSeries,
  joinWaitlist,
  leaveWaitlist,
  listWaitlist,
  createSeries,
  create,
  createByDoctor,
  createPending,
  createReservedSlotByDoctor,
  remove,
  findSlots,
  getByDoctorUserId,
  getById,
  getDashboardTrends,
  getPatientDetails,
  getStats,
  listByOrganization,
  listByPatient,
  listByPatientId,
  listReservedSlots,
  markPaymentSuccess,
  patientJoinedCall,
  reschedule,
  triggerCallJoinNotification,
  update,
];

export const jobs: readonly JobDefinition[] = appointmentJobs;
export { events } from './appointments.events.ts';
