import { z } from 'zod';
import { consentOperations } from '../../operations/consent.ts';
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

/**
 * Extension: the requests to link patient records to the signed-in account, not yet answered nor
 * expired, and their answer. Accepting (with the account's own token) makes the account the
 * record's `self` owner and a recipient of the organization's notifications; declining clears the
 * request and leaves the record unlinked. A request to another account is NOT_FOUND; an accepted
 * or expired one INVALID_STATE.
 */
export const { list: listMyLinkRequests, accept: acceptLink, decline: declineLink } = consentOperations({
  namespace: 'patients',
  list: {
    name: 'listMyLinkRequests',
    summary: 'The requests of organizations to link one of their patient records to the signed-in account: organization, record name, who asked, expiry',
  },
  accept: { name: 'acceptLink', summary: 'Accept an organization\'s request to link one of its patient records to the signed-in account' },
  decline: { name: 'declineLink', summary: 'Decline an organization\'s request to link one of its patient records to the signed-in account' },
  request: linkRequest,
  organizationId: out.id(),
  answerInput: z.object({ id: id() }),
  listReads: itemsReads(isPatient),
  pendingOf: pendingLinkRequestsOf,
  async answer(ctx, caller, input, answer) {
    const found = await linkRequestToAnswer(ctx.db, caller, input.id, ctx.now());
    await answerLinkRequest(ctx.db, found.id, caller.idpUserId, answer, ctx.now());
    return found;
  },
});
