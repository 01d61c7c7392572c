import { z } from 'zod';
import { signedIn } from '../../caller/caller.ts';
import { self } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { isPatient, itemsReads } from '../../operations/reads.ts';
import { id } from '../../values/fields.ts';
import { out } from '../../values/results.ts';
import { answerLinkRequest, linkRequestToAnswer, pendingLinkRequestsOf } from './patients.linkRequests.ts';

const linkRequest = out
  .record({
    id: out.id(),
    organizationId: out.id(),
    organizationName: out.text().nullable(),
    patientName: out.text(),
    requestedBy: out.text().nullable(),
    requestedAt: out.ts().nullable(),
    expiresAt: out.ts().nullable(),
  })
  .meta({ title: 'patient link request' });

const answerInput = z.object({ id: id() });

/** Extension: the requests to link patient records to the signed-in account, not yet answered nor expired. */
export const listMyLinkRequests = defineOperation({
  namespace: 'patients',
  name: 'listMyLinkRequests', audience: self(), tokenRequired: true, readsPatientData: true, reads: itemsReads(isPatient),
  summary: 'The requests of organizations to link one of their patient records to the signed-in account: organization, record name, who asked, expiry',
  input: z.object({}),
  output: z.object({ items: z.array(linkRequest) }),
  async handler(ctx) {
    return { items: await pendingLinkRequestsOf(ctx.db, signedIn(ctx.caller).idpUserId, ctx.now()) };
  },
});

/**
 * Extension: the account accepts with its own token, and from then on is the record's `self`
 * owner and a recipient of the organization's notifications. A request to another account is
 * NOT_FOUND; an accepted or expired one INVALID_STATE.
 */
export const acceptLink = defineOperation({
  namespace: 'patients',
  name: 'acceptLink', audience: self(), tokenRequired: true,
  summary: 'Accept an organization\'s request to link one of its patient records to the signed-in account',
  writes: true,
  input: answerInput,
  output: z.object({ id: out.id(), organizationId: out.id(), accepted: z.literal(true) }),
  async handler(ctx, input) {
    const caller = signedIn(ctx.caller);
    const found = await linkRequestToAnswer(ctx.db, caller, input.id, ctx.now());
    await answerLinkRequest(ctx.db, found.id, caller.idpUserId, 'accepted', ctx.now());
    return { id: found.id, organizationId: found.organizationId, accepted: true as const };
  },
});

/** Extension: the account declines; the request is cleared and the record is unlinked. */
export const declineLink = defineOperation({
  namespace: 'patients',
  name: 'declineLink', audience: self(), tokenRequired: true,
  summary: 'Decline an organization\'s request to link one of its patient records to the signed-in account',
  writes: true,
  input: answerInput,
  output: z.object({ id: out.id(), organizationId: out.id(), declined: z.literal(true) }),
  async handler(ctx, input) {
    const caller = signedIn(ctx.caller);
    const found = await linkRequestToAnswer(ctx.db, caller, input.id, ctx.now());
    await answerLinkRequest(ctx.db, found.id, caller.idpUserId, 'declined', ctx.now());
    return { id: found.id, organizationId: found.organizationId, declined: true as const };
  },
});
