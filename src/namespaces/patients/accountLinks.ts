import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { AppError } from '../../values/errors.ts';
import { id, idpUserId } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { isPatient, itemReads } from '../../operations/reads.ts';
import { patients } from './patients.resource.ts';
import { linkedOrAsked, linkFor, NO_LINK, presentLink } from './patients.linkRequests.ts';

/**
 * Staff link a patient record to the patient's own account (patients.idpUserId), or undo it. The
 * account then reaches that record's data as its owner (docs/contract.md, "Audiences and roles"). A record linked to
 * another account is CONFLICT: unlink it first, so that no account is replaced by mistake. A link
 * to another person's account is a request until that account accepts it (patients.linkRequests.ts);
 * a pending request counts as the record's link here, and asking again renews it.
 */
export const linkAccount = defineOperation({
  namespace: 'patients',
  name: 'linkAccount', audience: member(), readsPatientData: true, reads: itemReads(isPatient),
  summary: 'Link a patient record to the patient\'s own sign-in account',
  writes: true,
  input: z.object({ organizationId: id(), id: id(), idpUserId: idpUserId() }),
  output: itemResult(patients.schemas.record),
  async handler(ctx, input) {
    const current = await patients.repo.get(ctx.db, input.organizationId, input.id);
    const asked = linkedOrAsked(current);
    if (asked !== null && asked !== input.idpUserId) {
      throw new AppError('CONFLICT', 'this patient record is linked to another account; unlink it first');
    }
    const now = ctx.now();
    const link = current.idpUserId === input.idpUserId ? {} : linkFor(ctx.caller, input.idpUserId, now);
    return { item: presentLink(await patients.repo.patch(ctx.db, input.organizationId, input.id, { ...link, updatedAt: now }), now) };
  },
});

export const unlinkAccount = defineOperation({
  namespace: 'patients',
  name: 'unlinkAccount', audience: member(), readsPatientData: true, reads: itemReads(isPatient),
  summary: 'Remove the link between a patient record and an account',
  writes: true,
  input: z.object({ organizationId: id(), id: id() }),
  output: itemResult(patients.schemas.record),
  async handler(ctx, input) {
    const now = ctx.now();
    return { item: presentLink(await patients.repo.patch(ctx.db, input.organizationId, input.id, { ...NO_LINK, updatedAt: now }), now) };
  },
});
