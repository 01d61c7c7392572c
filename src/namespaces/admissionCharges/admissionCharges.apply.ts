import type { Actor } from '../../caller/actor.ts';
import { AppError, validationFailed } from '../../values/errors.ts';
import { newId } from '../../values/ids.ts';
import { applyRate, multiply } from '../../values/money.ts';
import type { Context } from '../../operations/operation.ts';
import { appendLogs } from '../admissionLogs/admissionLogs.public.ts';
import { admissions, type AdmissionRecord, type ChargeRecord, isEnded, toChargeRecord } from '../admissions/admissions.public.ts';
import { amountsOf, type ServiceRecord } from '../services/services.public.ts';
import { emit } from '../../events/events.ts';
import { chargeActor } from './admissionCharges.context.ts';
import { activeChargeFor, insertCharge } from './admissionCharges.repo.ts';

/** The largest amount money() accepts (src/values/money.ts): sums of a few thousand stay exact integers. */
const MAX_AMOUNT_MINOR = Number.MAX_SAFE_INTEGER / 10_000;

export interface ChargeRequest {
  organizationId: string;
  actor: Actor;
  admissionId: string;
  service: ServiceRecord;
  chargeType: string;
  quantity: number;
  reference?: { type: string; id: string } | undefined;
  doctorId?: string | null | undefined;
  notes?: string | null | undefined;
}

/** Who charges which admission, with what notes, as a charge operation's input names them (the actor checked first). */
export async function chargeOf(ctx: Context, input: { idpUserId: string; admissionId: string; notes?: string | null | undefined }) {
  const actor = await chargeActor(ctx, input.idpUserId);
  return { organizationId: ctx.organizationId!, actor, admissionId: input.admissionId, notes: input.notes };
}

/** The admission a charge is for, locked, and open to charges (not DISCHARGED or CANCELLED). */
export async function chargeableAdmission(ctx: Context, organizationId: string, admissionId: string): Promise<AdmissionRecord> {
  const admission = await admissions.repo.lock(ctx.db, ctx.dialect, organizationId, admissionId);
  if (isEnded(admission.status)) throw new AppError('INVALID_STATE', `a ${admission.status} admission takes no charges`);
  return admission;
}

/**
 * Applies a charge at the service's catalogue price: subtotal = unit price x quantity, tax = the
 * service's percentage of the subtotal (rounded half away from zero to the minor unit), amount =
 * subtotal + tax, all in integer minor units. The admission row is locked first, so a charge and a
 * discharge, or two charges of one reference, run one after the other; a reference already charged
 * (and not voided) is CONFLICT, and the partial unique index holds that against any other writer.
 * A charge on an admission whose billing was cleared re-opens billing (logged BILLING_REOPENED).
 */
export async function applyServiceCharge(ctx: Context, request: ChargeRequest): Promise<ChargeRecord> {
  const { organizationId, service, reference } = request;
  const admission = await chargeableAdmission(ctx, organizationId, request.admissionId);
  if (!service.isActive) throw new AppError('INVALID_STATE', `service ${service.name} is inactive`);
  if (reference && (await activeChargeFor(ctx.db, organizationId, request.admissionId, reference.type, reference.id))) {
    throw new AppError('CONFLICT', `${reference.type} ${reference.id} is already charged on this admission`);
  }
  const { priceMinor, taxBasisPoints } = amountsOf(service);
  const subtotal = multiply(priceMinor, request.quantity);
  const taxAmount = applyRate(subtotal, taxBasisPoints);
  if (subtotal + taxAmount > MAX_AMOUNT_MINOR) throw validationFailed('quantity', 'the amount (price x quantity plus tax) is too large');
  const now = ctx.now();
  const row = await insertCharge(ctx.db, {
    id: newId(),
    organizationId,
    admissionId: request.admissionId,
    patientId: admission.patientId,
    serviceId: service.id,
    serviceName: service.name,
    serviceCategory: service.category,
    chargeType: request.chargeType,
    quantity: request.quantity,
    unitPrice: priceMinor,
    subtotal,
    taxPercent: taxBasisPoints,
    taxAmount,
    amount: subtotal + taxAmount,
    referenceType: reference?.type ?? null,
    referenceId: reference?.id ?? null,
    doctorId: request.doctorId ?? null,
    notes: request.notes ?? null,
    appliedByUserId: request.actor.userId,
    voidedAt: null,
    voidedByUserId: null,
    voidReason: null,
    createdAt: now,
    updatedAt: now,
  });
  if (admission.billingClearedAt !== null) await reopenBilling(ctx, admission, request.actor, row.id, now);
  const charge = toChargeRecord(row);
  await emit(ctx.db, ctx, organizationId, 'charge.applied', { charge });
  return charge;
}

async function reopenBilling(ctx: Context, admission: AdmissionRecord, actor: Actor, chargeId: string, now: number): Promise<void> {
  const item = await admissions.repo.patch(ctx.db, admission.organizationId, admission.id, {
    billingClearedAt: null,
    billingClearedByUserId: null,
    updatedAt: now,
  });
  await appendLogs(ctx.db, item, actor, [{ event: 'BILLING_REOPENED', notes: `charge ${chargeId} applied after billing was cleared` }], now);
}
