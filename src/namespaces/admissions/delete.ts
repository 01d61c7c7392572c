import { AppError } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedAnswer } from '../../values/results.ts';
import { releaseBed, releaseReservations } from '../beds/beds.public.ts';
import { findOrganizationById, settingsOf } from '../organizations/organizations.public.ts';
import { actorOf } from '../../caller/actor.ts';
import { appendLogs } from '../admissionLogs/admissionLogs.public.ts';
import { hasCharges, stageOfAdmission } from './admissions.repo.ts';
import { paymentsOf } from './admissions.payments.ts';
import { admissions } from './admissions.resource.ts';

/** Only an admission that never took place can be deleted (by its stage); the others are history. */
const DELETABLE: ReadonlySet<string> = new Set(['REQUESTED', 'CANCELLED']);

/**
 * Deletes a REQUESTED or CANCELLED admission without charges or payments (by its stage: a label
 * within those counts), freeing its bed and any bed reserved for it. Its log rows stay, with one
 * more (ADMISSION_DELETED): a log row is never deleted with its admission. Any other admission
 * (ADMITTED and after, or a status of your own) is INVALID_STATE: cancel or discharge it instead.
 * The audit trail keeps the deletion.
 */
export const remove = defineOperation({
  ...admissions.declared.delete,
  summary: 'Delete a REQUESTED or CANCELLED admission without charges',
  async handler(ctx, input) {
    const organizationId = input.organizationId!;
    const current = await admissions.repo.lock(ctx.db, ctx.dialect, organizationId, input.id);
    const stage = (await stageOfAdmission(ctx.db, organizationId, input.id))!;
    if (!DELETABLE.has(stage)) {
      throw new AppError('INVALID_STATE', `a ${String(current.status)} admission is history: only REQUESTED or CANCELLED admissions can be deleted`);
    }
    if (await hasCharges(ctx.db, organizationId, input.id)) throw new AppError('INVALID_STATE', 'the admission has charges: it cannot be deleted');
    if ((await paymentsOf(ctx.db, organizationId, input.id)).length > 0) throw new AppError('INVALID_STATE', 'the admission has payments: it cannot be deleted');
    const now = ctx.now();
    if (current.bedId && stage === 'REQUESTED') {
      const settings = settingsOf(await findOrganizationById(ctx.db, organizationId));
      await releaseBed(ctx.db, organizationId, current.bedId, input.id, settings.housekeepingEnabled, now);
    }
    await releaseReservations(ctx.db, organizationId, input.id, now);
    await appendLogs(ctx.db, current, actorOf(ctx.membership), [{ event: 'ADMISSION_DELETED', notes: `deleted while ${String(current.status)}` }], now);
    await admissions.repo.remove(ctx.db, organizationId, input.id);
    return deletedAnswer(input.id);
  },
});
