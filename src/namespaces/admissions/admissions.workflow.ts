import type { Actor } from '../../caller/actor.ts';
import { AppError, validationFailed } from '../../values/errors.ts';
import type { Context } from '../../operations/operation.ts';
import type { AdmissionRecord } from './admissions.resource.ts';
import type { AdmissionEvent } from '../admissionLogs/admissionLogs.public.ts';
import { claimBed, releaseBed, releaseReservations } from '../beds/beds.public.ts';
import type { OrganizationSettings } from '../organizations/organizations.public.ts';
import { checkWardAndRoom } from './admissions.checks.ts';
import { hasCharges } from './admissions.repo.ts';
import { amountDue } from './admissions.payments.ts';
import { fromMinor } from '../../values/money.ts';
import { INITIAL, initialStage, isEnded, isKnown, stageAfter, type KnownStatus } from './admissions.status.ts';

/**
 * The rules of an admission change (create or update), in one place: the status move, the times and
 * actors that go with it, billing before discharge, and the bed. Each function takes the admission
 * as stored (`current`, undefined on create) and as it is to be stored, and adds the events to log.
 */

export interface ChangeContext {
  ctx: Context;
  actor: Actor | null;
  settings: OrganizationSettings;
  now: number;
  events: AdmissionEvent[];
  /** the stage the admission is at (undefined on create) */
  stage: KnownStatus | undefined;
  /** the stage it is at after the change (set by applyStatus) */
  nextStage: KnownStatus;
  /** a discharge with money due, allowed by an admin or accountant with this reason (admissions.discharge) */
  override?: { reason: string } | undefined;
}

/** What entering a status stamps, when the record has no value yet. */
/** The fields of an admission that hold when (a time) and who (a users record id) did something. */
type TimeField = 'admittedAt' | 'dischargeRequestedAt' | 'dischargedAt' | 'cancelledAt' | 'billingClearedAt' | 'advancePaidAt' | 'firstCareStartedAt';
type ActorField = 'confirmedByUserId' | 'cancelledByUserId' | 'billingClearedByUserId' | 'advanceCollectedByUserId';

const STAMPS: Partial<Record<KnownStatus, { at: TimeField; by?: ActorField }>> = {
  ADMITTED: { at: 'admittedAt', by: 'confirmedByUserId' },
  DISCHARGE_REQUESTED: { at: 'dischargeRequestedAt' },
  DISCHARGED: { at: 'dischargedAt' },
  CANCELLED: { at: 'cancelledAt', by: 'cancelledByUserId' },
};

const isSet = (v: unknown) => v !== null && v !== undefined;

/** Sets a time or actor field that is not set yet (what the caller sent wins). */
function stamp<F extends TimeField | ActorField>(record: AdmissionRecord, field: F, value: AdmissionRecord[F] | undefined): void {
  if (!isSet(record[field]) && value !== undefined && value !== null) record[field] = value;
}

/**
 * The status move: a known status along the table (admissions.status.ts), a label within the
 * current stage; entering a stage stamps its time and actor. Logged.
 */
export function applyStatus(c: ChangeContext, current: AdmissionRecord | undefined, record: AdmissionRecord): void {
  const from = current?.status;
  const to = record.status;
  if (from === undefined) {
    if (isKnown(to) && !INITIAL.includes(to)) throw validationFailed('status', `a new admission is ${INITIAL.join(' or ')} (or a status of your own)`);
    c.nextStage = initialStage(to);
  } else {
    c.nextStage = from === to ? c.stage! : stageAfter(c.stage!, from, to);
    if (from === to) return;
  }
  const entered = c.nextStage !== c.stage ? c.nextStage : undefined;
  const stamps = entered ? STAMPS[entered] : undefined;
  if (stamps) {
    stamp(record, stamps.at, c.now);
    if (stamps.by) stamp(record, stamps.by, c.actor?.userId);
  }
  // A discharge request withdrawn: the request time goes with it (unless one is given).
  if (c.stage === 'DISCHARGE_REQUESTED' && entered === 'ADMITTED' && record.dischargeRequestedAt === current?.dischargeRequestedAt) {
    record.dischargeRequestedAt = null;
  }
  const event = entered ?? 'STATUS_CHANGED';
  c.events.push({ event, notes: from === undefined ? `created as ${to}` : `from ${from} to ${to}` });
}

/**
 * Billing clearance: clearing it (billingClearedAt or billingClearedByUserId given) stamps the
 * other and is logged, as is re-opening it (billingClearedAt cleared).
 */
export function applyClearance(c: ChangeContext, current: AdmissionRecord | undefined, record: AdmissionRecord): void {
  const wasCleared = isSet(current?.billingClearedAt);
  if (!wasCleared && (isSet(record.billingClearedAt) || isSet(record.billingClearedByUserId))) {
    stamp(record, 'billingClearedAt', c.now);
    stamp(record, 'billingClearedByUserId', c.actor?.userId);
    c.events.push({ event: 'BILLING_CLEARED' });
  } else if (wasCleared && !isSet(record.billingClearedAt)) {
    if (record.billingClearedByUserId === current?.billingClearedByUserId) record.billingClearedByUserId = null;
    c.events.push({ event: 'BILLING_REOPENED' });
  }
}

/**
 * The discharge gate: entering DISCHARGED, however it is entered, needs the balance settled
 * (charges minus the advance and the payments, computed; admissions.payments.ts), or an override
 * given to admissions.discharge by an admin or accountant with a reason, which is logged with the
 * amount due. The admission row is locked by every writer of its bill (charges, payments, updates),
 * so the balance read here is the one the discharge commits with.
 */
export async function checkDischargeGate(c: ChangeContext, current: AdmissionRecord | undefined, record: AdmissionRecord): Promise<void> {
  if (c.nextStage !== 'DISCHARGED' || c.stage === 'DISCHARGED') return;
  const due = current ? await amountDue(c.ctx.db, record) : 0;
  if (due <= 0) return;
  if (!c.override) {
    throw new AppError('INVALID_STATE', `the admission's balance is not settled: ${fromMinor(due).toFixed(2)} due. Record payments, or discharge with an override (admin or accountant, with a reason)`, {
      details: [{ path: 'status', message: `balance due ${fromMinor(due).toFixed(2)}` }],
    });
  }
  c.events.push({ event: 'DISCHARGE_OVERRIDE', notes: `discharged with ${fromMinor(due).toFixed(2)} due: ${c.override.reason}` });
}

/** Advance and first care: the time (and collector) stamped when the amount or nurse is given without one. */
export function applyStamps(c: ChangeContext, current: AdmissionRecord | undefined, record: AdmissionRecord): void {
  if (isSet(record.advanceAmount) && record.advanceAmount !== current?.advanceAmount) {
    stamp(record, 'advancePaidAt', c.now);
    stamp(record, 'advanceCollectedByUserId', c.actor?.userId);
  }
  if (isSet(record.firstCareStartedByNurseId) && record.firstCareStartedByNurseId !== current?.firstCareStartedByNurseId) {
    stamp(record, 'firstCareStartedAt', c.now);
  }
}

/** The patient of an admission changes only while it is REQUESTED and has no charges. */
export async function checkPatientChange(c: ChangeContext, current: AdmissionRecord | undefined, record: AdmissionRecord): Promise<void> {
  if (!current || record.patientId === current.patientId) return;
  if (c.stage !== 'REQUESTED') throw new AppError('INVALID_STATE', `the patient of a ${String(current.status)} admission cannot change`);
  if (await hasCharges(c.ctx.db, current.organizationId, current.id)) {
    throw new AppError('INVALID_STATE', 'the admission has charges: its patient cannot change');
  }
}

const PLACE = ['bedId', 'wardId', 'roomId'] as const;

/**
 * The bed: an admission that has not ended holds its bedId's bed (OCCUPIED, currentAdmissionId);
 * a new or different bed is claimed (CONFLICT when it is not free), the old one freed; an admission
 * that ends frees its bed and keeps bedId as history. Ward and room follow the bed (given ones
 * must match it); without a bed they are checked on their own. `given` are the fields the input set.
 */
export async function applyBed(c: ChangeContext, current: AdmissionRecord | undefined, record: AdmissionRecord, given: ReadonlySet<string>): Promise<AdmissionRecord> {
  const { db } = c.ctx;
  const organizationId = record.organizationId;
  const admissionId = record.id;
  if (current && isEnded(current.status)) {
    if (PLACE.some((k) => record[k] !== current[k])) {
      throw new AppError('INVALID_STATE', `the bed, room and ward of a ${String(current.status)} admission are history and cannot change`);
    }
    return record;
  }
  const held = current?.bedId ?? null;
  const wanted = record.bedId ?? null;
  if (isEnded(c.nextStage)) {
    if (wanted !== held) throw new AppError('INVALID_STATE', 'an admission that ends cannot be given another bed in the same update');
    if (held) await freeBed(c, organizationId, held, admissionId, `bed ${held} freed on ${String(record.status)}`);
    await releaseReservations(db, organizationId, admissionId, c.now);
    return record;
  }
  let placed = record;
  if (wanted && wanted !== held) {
    const bed = await claimBed(db, organizationId, wanted, admissionId, c.now);
    for (const k of ['wardId', 'roomId'] as const) {
      if (given.has(k) && record[k] !== bed[k]) throw validationFailed(k, `must be the ${k === 'wardId' ? 'ward' : 'room'} of the bed (or be omitted)`);
    }
    placed = { ...record, wardId: bed.wardId, roomId: bed.roomId };
    await releaseReservations(db, organizationId, admissionId, c.now);
    c.events.push(held ? { event: 'BED_CHANGED', notes: `from bed ${held} to bed ${wanted}` } : { event: 'BED_ASSIGNED', notes: `bed ${wanted}` });
  } else if (wanted) {
    if (record.wardId !== current?.wardId || record.roomId !== current?.roomId) {
      throw validationFailed(record.wardId !== current?.wardId ? 'wardId' : 'roomId', 'follows the bed: change bedId to move the patient');
    }
  } else if (!current || record.wardId !== current.wardId || record.roomId !== current.roomId) {
    placed = await checkWardAndRoom(db, record);
  }
  if (held && held !== wanted) {
    await freeBed(c, organizationId, held, admissionId, wanted ? null : `bed ${held}`);
  }
  return placed;
}

async function freeBed(c: ChangeContext, organizationId: string, bedId: string, admissionId: string, notes: string | null): Promise<void> {
  await releaseBed(c.ctx.db, organizationId, bedId, admissionId, c.settings.housekeepingEnabled, c.now);
  if (notes !== null) c.events.push({ event: 'BED_RELEASED', notes });
}
