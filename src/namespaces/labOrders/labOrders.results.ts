import { z } from 'zod';
import { out } from '../../values/results.ts';
import { organizationRecordKey, writeTimes } from '../../values/result-fields.ts';
import { ORDER_STATUSES, PRIORITIES, TEST_STATUSES } from './labOrders.fields.ts';

/** Result schemas of the labOrders operations (src/values/results.ts), as labOrders.repo.ts maps rows. */

/** When a test or a whole order was completed, and by whom. */
const completion = { completedAt: out.ts().nullable(), completedBy: out.text().nullable() };

/** A test of an order (LabTestRecord): `price` is the amount, not minor units. */
export const labTestRecord = out.record({
  id: out.id(),
  name: out.text().nullable(),
  code: out.text().nullable(),
  serviceId: out.id().nullable(),
  itemType: out.text().nullable(),
  price: out.number().nullable(),
  quantity: out.int(),
  reviewStatus: out.text().nullable(),
  instructions: out.text().nullable(),
  status: z.enum(TEST_STATUSES),
  sampleCollectedAt: out.ts().nullable(),
  sampleCollectedBy: out.text().nullable(),
  sampleType: out.text().nullable(),
  processingStartedAt: out.ts().nullable(),
  processingStartedBy: out.text().nullable(),
  ...completion,
  isExternal: out.bool(),
  externalLabName: out.text().nullable(),
  externalMarkedAt: out.ts().nullable(),
  externalResultUploadedAt: out.ts().nullable(),
}).meta({ title: 'labOrderTest' });

const orderShape = {
  ...organizationRecordKey(),
  patientId: out.id(),
  selectedLabId: out.id().nullable(),
  doctorId: out.id().nullable(),
  consultationId: out.id().nullable(),
  orderId: out.text().nullable(),
  status: z.enum(ORDER_STATUSES),
  priority: z.enum(PRIORITIES),
  notes: out.text().nullable(),
  assignedTo: out.text().nullable(),
  ...completion,
  ...writeTimes(),
  /** in the order they were given */
  tests: z.array(labTestRecord),
};

/** A lab order with its tests (LabOrderRecord). */
export const labOrderRecord = out.record(orderShape).meta({ title: 'labOrder' });

/** A result file of an order as the lab report shows it (labOrders.resultFiles.ts). */
export const reportResultFileRecord = out.record({
  ...organizationRecordKey(),
  labOrderId: out.id(),
  testName: out.text().nullable(),
  fileId: out.text(),
  fileUrl: out.text().nullable(),
  fileName: out.text(),
  fileSize: out.int(),
  mimeType: out.text(),
  description: out.text().nullable(),
  uploadedBy: out.text().nullable(),
  patientIdpUserId: out.text().nullable(),
  uploadedAt: out.ts(),
  isExternalResult: out.bool(),
  uploadedByPatient: out.bool(),
  ...writeTimes(),
}).meta({ title: 'labReportResultFile' });

/** A lab order in the lab report: with its result files, oldest upload first. */
export const labReportOrderRecord = out.record({ ...orderShape, resultFiles: z.array(reportResultFileRecord) }).meta({ title: 'labReportOrder' });
