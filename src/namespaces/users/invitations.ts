import { z } from 'zod';
import { consentOperations } from '../../operations/consent.ts';
import { AppError } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { out } from '../../values/results.ts';
import { answerInvitation, hasRecordIn, invitationToAnswer, pendingInvitationsOf } from './users.invitations.ts';

const invitation = out
  .record({
    id: out.id(),
    organizationId: out.id().nullable(),
    organizationName: out.text().nullable(),
    role: out.text(),
    roles: out.strings(),
    invitedBy: out.text().nullable(),
    invitedAt: out.ts().nullable(),
    expiresAt: out.ts().nullable(),
  })
  .meta({ title: 'invitation' });

/**
 * Extension: the signed-in person's pending invitations that have not expired, and their answer.
 * The invited person accepts with their own token (an email invitation: with the code mailed to
 * the address), and from the next request on is a member with the record's roles and block; or
 * declines, and the record stays (the organization sees it declined) and grants nothing.
 * Someone else's invitation is NOT_FOUND; an answered or expired one INVALID_STATE.
 */
export const { list: listMyInvitations, accept: acceptInvitation, decline: declineInvitation } = consentOperations({
  namespace: 'users',
  list: { name: 'listMyInvitations', summary: 'The invitations waiting for the signed-in person: organization, role, who invited, expiry' },
  accept: { name: 'acceptInvitation', summary: 'Accept an invitation to an organization' },
  decline: { name: 'declineInvitation', summary: 'Decline an invitation to an organization' },
  request: invitation,
  organizationId: out.id().nullable(),
  /** The single-use code of an invitation sent by email (users.inviteByEmail); not needed for one addressed to the caller. */
  answerInput: z.object({ id: id(), code: z.string().min(1).max(128).optional() }),
  pendingOf: pendingInvitationsOf,
  async answer(ctx, caller, input, answer) {
    const found = await invitationToAnswer(ctx.db, caller, input.id, input.code, ctx.now());
    // Accepting an email invitation binds it to the caller's identity, which may hold one record there at most.
    const binds = answer === 'accepted' && found.byCode;
    if (binds && (await hasRecordIn(ctx.db, caller.idpUserId, found.organizationId))) {
      throw new AppError('CONFLICT', 'you have a user record in this organization already');
    }
    await answerInvitation(ctx.db, found.id, answer, binds ? caller.idpUserId : undefined, ctx.now());
    return found;
  },
});
