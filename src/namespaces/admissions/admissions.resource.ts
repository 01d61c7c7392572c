import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, reqStr, str } from '../../values/fields.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { statusText } from './admissions.status.ts';
import { byPatientId } from '../../operations/reads.ts';

export type AdmissionRecord = ResourceRecord<'admissions', 'stage'>;

const method = () => z.string().trim().max(64);
const reference = () => z.string().trim().max(256);

/**
 * Admissions. Only getById is generated: create, update, delete and the lists are written by hand
 * (bed occupancy, status rules, the log) with this repository. The fields after firstCareStartedAt
 * (cancelledAt, cancelledByUserId) are an extension: the time and actor of a cancellation.
 */
export const admissions = defineResource({
  namespace: 'admissions',
  audience: member(),
  readsPatientData: true,
  patientOf: byPatientId,
  table: 'admissions',
  noun: 'admission',
  scope: 'organization',
  internal: ['stage'],
  generate: ['getById'],
  fields: {
    patientId: { kind: 'string', required: true, schema: id() },
    admittingDoctorId: { kind: 'string', required: true, schema: id() },
    appointmentId: { kind: 'string', schema: id() },
    consultationId: { kind: 'string', schema: id() },
    status: { kind: 'string', required: true, schema: statusText() },
    admissionReason: { kind: 'string', required: true, schema: reqStr() },
    admissionNotes: { kind: 'string', schema: str() },
    requestedAt: { kind: 'ts', required: true },
    wardId: { kind: 'string', schema: id() },
    roomId: { kind: 'string', schema: id() },
    bedId: { kind: 'string', schema: id() },
    admittedAt: { kind: 'ts' },
    confirmedByUserId: { kind: 'string', schema: id() },
    dischargingDoctorId: { kind: 'string', schema: id() },
    dischargeReason: { kind: 'string', schema: str() },
    dischargeSummary: { kind: 'string', schema: str() },
    dischargeRequestedAt: { kind: 'ts' },
    dischargedAt: { kind: 'ts' },
    billingClearedByUserId: { kind: 'string', schema: id() },
    billingClearedAt: { kind: 'ts' },
    advanceAmount: { kind: 'money' },
    advancePaymentMethod: { kind: 'string', schema: method() },
    advanceTransactionId: { kind: 'string', schema: reference() },
    advancePaidAt: { kind: 'ts' },
    advanceCollectedByUserId: { kind: 'string', schema: id() },
    firstCareStartedByNurseId: { kind: 'string', schema: id() },
    firstCareStartedAt: { kind: 'ts' },
    cancelledAt: { kind: 'ts' },
    cancelledByUserId: { kind: 'string', schema: id() },
  },
});

/** admissions.create: the interface's create inputs. status and requestedAt default (omitted or null). */
export const createInput = z.object({
  organizationId: id(),
  ...admissions.schemas.fields.required('patientId', 'admittingDoctorId', 'admissionReason'),
  ...admissions.schemas.fields.nullish('status', 'requestedAt', 'appointmentId', 'consultationId', 'admissionNotes', 'wardId', 'roomId', 'bedId', 'advanceAmount', 'advancePaymentMethod', 'advanceTransactionId'),
});
