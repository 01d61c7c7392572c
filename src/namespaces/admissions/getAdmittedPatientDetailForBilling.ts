import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { named, type Concerned } from '../../operations/concerned.ts';
import { notFound } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import { beds } from '../beds/beds.public.ts';
import { findOrganizationBySlug } from '../organizations/organizations.public.ts';
import { findPatient, patients } from '../patients/patients.public.ts';
import { rooms } from '../rooms/rooms.public.ts';
import { services } from '../services/services.public.ts';
import { findWard, wards } from '../wards/wards.public.ts';
import { billOf } from './admissions.bill.ts';
import { chargesOfAdmission, toChargeRecord } from './admissions.charges.ts';
import { findAdmission } from './admissions.repo.ts';
import { advanceHeld, netPaid, paymentsOf } from './admissions.payments.ts';
import { admissions } from './admissions.resource.ts';
import { billShape, chargeRecord } from './admissions.results.ts';
import { byPatientId, isPatient, readRecord } from '../../operations/reads.ts';

const slug = () => z.string().trim().toLowerCase().min(1, 'must not be empty').max(64);

/** The slug names the organization outright: a caller who is not its member is FORBIDDEN. */
async function organizationOfSlug(ctx: Context, organizationSlug: string): Promise<Concerned> {
  const organization = await findOrganizationBySlug(ctx.db, organizationSlug);
  if (!organization) throw notFound('organization');
  return named(organization.id);
}

const orNull = async <R>(p: Promise<R | undefined> | undefined) => (await p) ?? null;

/** A record of the answer that names its patient (the read log). */
type OfPatient = { id: string; patientId: string };

/**
 * Everything the billing desk needs for one admission, whatever its status: the patient, the
 * admission, its ward, room, bed and the room's bed-type service; the active charges and the
 * voided ones apart; totals (all and per chargeType) of the active charges only, the advance paid
 * and the balance due (total - advance), computed exactly in minor units and shown with two decimals.
 */
export const getAdmittedPatientDetailForBilling = defineOperation({
  namespace: 'admissions',
  name: 'getAdmittedPatientDetailForBilling',
  audience: member(),
  readsPatientData: true,
  reads: {
    records: (result: { patient: { id: string } | null; admission: OfPatient; charges: OfPatient[]; voidedCharges: OfPatient[] }) => [
      ...(result.patient ? [readRecord(result.patient, isPatient)] : []),
      readRecord(result.admission, byPatientId),
      ...[...result.charges, ...result.voidedCharges].map((charge) => readRecord(charge, byPatientId)),
    ],
  },
  summary: 'Patient, admission, place, charges and balance due of an admission (by organization slug)',
  input: z.object({ admissionId: id(), organizationSlug: slug() }),
  output: z.object({
    patient: patients.schemas.record.nullable(),
    admission: admissions.schemas.record,
    ward: wards.schemas.record.nullable(),
    room: rooms.schemas.record.nullable(),
    bed: beds.schemas.record.nullable(),
    bedTypeService: services.schemas.record.nullable(),
    charges: z.array(chargeRecord),
    voidedCharges: z.array(chargeRecord),
    ...billShape,
  }),
  organizationOf: (input, ctx) => organizationOfSlug(ctx, input.organizationSlug),
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    const admission = await findAdmission(ctx.db, organizationId, input.admissionId);
    if (!admission) throw notFound('admission');
    const { db } = ctx;
    const [patient, ward, room, bed, rows, payments, advance] = await Promise.all([
      orNull(findPatient(db, organizationId, admission.patientId)),
      orNull(admission.wardId ? findWard(db, organizationId, admission.wardId) : undefined),
      orNull(admission.roomId ? rooms.repo.find(db, organizationId, admission.roomId) : undefined),
      orNull(admission.bedId ? beds.repo.find(db, organizationId, admission.bedId) : undefined),
      chargesOfAdmission(db, organizationId, input.admissionId),
      paymentsOf(db, organizationId, input.admissionId),
      advanceHeld(db, organizationId, input.admissionId),
    ]);
    const serviceId = room?.bedTypeServiceId;
    const bedTypeService = serviceId ? ((await services.repo.find(db, organizationId, serviceId)) ?? null) : null;
    return {
      patient,
      admission,
      ward,
      room,
      bed,
      bedTypeService,
      charges: rows.filter((r) => r.voidedAt === null).map(toChargeRecord),
      voidedCharges: rows.filter((r) => r.voidedAt !== null).map(toChargeRecord),
      ...billOf(rows, advance, netPaid(payments)),
    };
  },
});
