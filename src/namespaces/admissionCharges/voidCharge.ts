import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { AppError, notFound } from '../../values/errors.ts';
import { id, idpUserId } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { chargeActor, idpTeamId, organizationOfTeam } from './admissionCharges.context.ts';
import { chargeRecord, toChargeRecord } from '../admissions/admissions.public.ts';
import { emit } from '../../events/events.ts';
import { findCharge, markVoided } from './admissionCharges.repo.ts';

/**
 * Voids a charge: never deleted, marked with who (voidedByUserId), when (voidedAt) and why
 * (voidReason). Voiding a voided charge is INVALID_STATE. Allowed whatever the admission's status
 * (corrections after discharge). A voided charge no longer blocks its reference from being charged again.
 */
export const voidCharge = defineOperation({
  namespace: 'admissionCharges',
  name: 'voidCharge',
  audience: member(),
  summary: 'Void a charge (kept, marked with who, when and why)',
  writes: true,
  input: z.object({ idpTeamId: idpTeamId(), idpUserId: idpUserId(), reason: z.string().trim().min(1, 'must not be empty').max(2000), chargeId: id() }),
  output: itemResult(chargeRecord),
  organizationOf: organizationOfTeam,
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    const actor = await chargeActor(ctx, input.idpUserId);
    if (!(await findCharge(ctx.db, organizationId, input.chargeId))) throw notFound('charge');
    const row = await markVoided(ctx.db, organizationId, input.chargeId, { voidedAt: ctx.now(), voidedByUserId: actor.userId, voidReason: input.reason });
    if (!row) throw new AppError('INVALID_STATE', 'the charge is already voided');
    const item = toChargeRecord(row);
    await emit(ctx.db, ctx, organizationId, 'charge.voided', { charge: item });
    return { item };
  },
});
