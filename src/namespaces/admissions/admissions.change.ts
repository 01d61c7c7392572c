import { actorOf } from '../../caller/actor.ts';
import { AppError, notFound } from '../../values/errors.ts';
import type { Context } from '../../operations/operation.ts';
import { MOVED_BY, type KnownStatus } from './admissions.status.ts';
import { assertMayDoAs } from '../../access/moves.ts';
import { recordAdvanceChange } from './admissions.advances.ts';
import { admissions, type AdmissionRecord } from './admissions.resource.ts';
import { appendLogs } from '../admissionLogs/admissionLogs.public.ts';
import { setStage, stageOfAdmission } from './admissions.repo.ts';
import { findOrganizationById, settingsOf } from '../organizations/organizations.public.ts';
import { checkReferences } from './admissions.checks.ts';
import { applyBed, applyClearance, applyStamps, applyStatus, checkDischargeGate, checkPatientChange, type ChangeContext } from './admissions.workflow.ts';
import { emit, type EventType } from '../../events/events.ts';

/** The webhook events a change of stage announces (docs/webhooks.md). */
const STAGE_EVENTS: Partial<Record<string, EventType>> = { ADMITTED: 'admission.admitted', DISCHARGED: 'admission.discharged' };

/**
 * Runs every rule of an admission change (admissions.workflow.ts) on the record about to be stored,
 * claiming and freeing beds on the way. Returns the record to store and the change context, whose
 * events the caller logs once the admission row is written (same transaction).
 */
export async function prepareChange(
  ctx: Context,
  current: AdmissionRecord | undefined,
  next: AdmissionRecord,
  given: ReadonlySet<string>,
  options: { stage?: KnownStatus | undefined; override?: { reason: string } | undefined } = {},
): Promise<{ record: AdmissionRecord; change: ChangeContext }> {
  const organizationId = next.organizationId;
  await checkReferences(ctx.db, next, current);
  const organization = await findOrganizationById(ctx.db, organizationId);
  const change: ChangeContext = {
    ctx,
    actor: actorOf(ctx.membership),
    settings: settingsOf(organization),
    now: ctx.now(),
    events: [],
    stage: options.stage,
    nextStage: options.stage ?? 'REQUESTED',
    override: options.override,
  };
  const record = { ...next };
  await checkPatientChange(change, current, record);
  applyClearance(change, current, record);
  applyStatus(change, current, record);
  if (change.nextStage !== (options.stage ?? 'REQUESTED')) {
    const operation = MOVED_BY[change.nextStage as Exclude<KnownStatus, 'REQUESTED'>];
    assertMayDoAs(ctx, organizationId, { namespace: 'admissions', name: operation }, `moving an admission to ${change.nextStage}`);
  }
  await recordAdvanceChange(change, current, record, current ? 'admissions.update' : 'admissions.create');
  await checkDischargeGate(change, current, record);
  applyStamps(change, current, record);
  return { record: await applyBed(change, current, record, given), change };
}

/** An update-shaped change to an admission: omitted fields unchanged, null clears. */
export type AdmissionChange = Parameters<typeof admissions.repo.merge>[2];

/**
 * Changes a stored admission under its row lock: every rule of prepareChange (the status table, the
 * discharge gate, the bed), then the row, its stage and the log rows, in the caller's transaction.
 * update and the workflow operations (admit, transfer, requestDischarge, discharge, cancel) all
 * come through here.
 */
export async function changeAdmission(
  ctx: Context,
  organizationId: string,
  id: string,
  input: AdmissionChange,
  options: { override?: { reason: string } | undefined; reason?: string | undefined } = {},
): Promise<AdmissionRecord> {
  const current = await admissions.repo.lock(ctx.db, ctx.dialect, organizationId, id);
  const stage = (await stageOfAdmission(ctx.db, organizationId, id))!;
  const { record: merged } = await admissions.repo.merge(ctx, current, input);
  const given = new Set(Object.entries(input).flatMap(([k, v]) => (v === undefined ? [] : [k])));
  const { record, change } = await prepareChange(ctx, current, merged, given, { stage, override: options.override });
  const changes = Object.fromEntries(Object.entries(record).filter(([k, v]) => v !== current[k as keyof AdmissionRecord]));
  const item = await admissions.repo.patch(ctx.db, organizationId, id, changes);
  if (change.nextStage !== stage) await setStage(ctx.db, organizationId, id, change.nextStage);
  const event = change.nextStage !== stage ? STAGE_EVENTS[change.nextStage] : undefined;
  if (event) await emit(ctx.db, ctx, organizationId, event, { admission: item });
  const events = options.reason ? change.events.map((e) => ({ ...e, notes: e.notes ? `${e.notes}: ${options.reason}` : options.reason })) : change.events;
  await appendLogs(ctx.db, item, change.actor, events, change.now);
  return item;
}

/** INVALID_STATE unless the admission is at one of `stages` (a workflow operation that runs only from there). */
export async function assertStage(ctx: Context, organizationId: string, id: string, operation: string, stages: readonly KnownStatus[]): Promise<void> {
  const stage = await stageOfAdmission(ctx.db, organizationId, id);
  if (stage === undefined) throw notFound('admission');
  if (!stages.includes(stage)) throw new AppError('INVALID_STATE', `${operation} needs a ${stages.join(' or ')} admission; this one is ${stage}`);
}
