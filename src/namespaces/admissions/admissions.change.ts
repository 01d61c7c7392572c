import { actorOf } from '../../caller/actor.ts';
import type { Context } from '../../operations/operation.ts';
import type { AdmissionRecord } from './admissions.resource.ts';
import { findOrganizationById, settingsOf } from '../organizations/organizations.public.ts';
import { checkReferences } from './admissions.checks.ts';
import { applyBed, applyClearance, applyStamps, applyStatus, checkDischargeBilling, checkPatientChange, type ChangeContext } from './admissions.workflow.ts';

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
  };
  const record = { ...next };
  await checkPatientChange(change, current, record);
  applyClearance(change, current, record);
  applyStatus(change, current, record);
  checkDischargeBilling(change, current, record);
  applyStamps(change, current, record);
  return { record: await applyBed(change, current, record, given), change };
}
