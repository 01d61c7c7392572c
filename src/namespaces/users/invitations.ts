import { z } from 'zod';
import { signedIn } from '../../caller/caller.ts';
import { self } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
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

/** The single-use code of an invitation sent by email (users.inviteByEmail); not needed for one addressed to the caller. */
const answerInput = z.object({ id: id(), code: z.string().min(1).max(128).optional() });

/** Extension: the signed-in person's pending invitations that have not expired. */
export const listMyInvitations = defineOperation({
  namespace: 'users',
  name: 'listMyInvitations', audience: self(), tokenRequired: true,
  summary: 'The invitations waiting for the signed-in person: organization, role, who invited, expiry',
  input: z.object({}),
  output: z.object({ items: z.array(invitation) }),
  async handler(ctx) {
    return { items: await pendingInvitationsOf(ctx.db, signedIn(ctx.caller).idpUserId, ctx.now()) };
  },
});

/**
 * Extension: the invited person accepts with their own token (an email invitation: with the code
 * mailed to the address), and from the next request on is a member with the record's roles and
 * block. Someone else's invitation is NOT_FOUND; an answered or expired one INVALID_STATE.
 */
export const acceptInvitation = defineOperation({
  namespace: 'users',
  name: 'acceptInvitation', audience: self(), tokenRequired: true,
  summary: 'Accept an invitation to an organization',
  writes: true,
  input: answerInput,
  output: z.object({ id: out.id(), organizationId: out.id().nullable(), accepted: z.literal(true) }),
  async handler(ctx, input) {
    const caller = signedIn(ctx.caller);
    const found = await invitationToAnswer(ctx.db, caller, input.id, input.code, ctx.now());
    if (found.byCode && (await hasRecordIn(ctx.db, caller.idpUserId, found.organizationId))) {
      throw new AppError('CONFLICT', 'you have a user record in this organization already');
    }
    await answerInvitation(ctx.db, found.id, 'accepted', found.byCode ? caller.idpUserId : undefined, ctx.now());
    return { id: found.id, organizationId: found.organizationId, accepted: true as const };
  },
});

/** Extension: the invited person declines; the record stays (the organization sees it declined) and grants nothing. */
export const declineInvitation = defineOperation({
  namespace: 'users',
  name: 'declineInvitation', audience: self(), tokenRequired: true,
  summary: 'Decline an invitation to an organization',
  writes: true,
  input: answerInput,
  output: z.object({ id: out.id(), organizationId: out.id().nullable(), declined: z.literal(true) }),
  async handler(ctx, input) {
    const found = await invitationToAnswer(ctx.db, signedIn(ctx.caller), input.id, input.code, ctx.now());
    await answerInvitation(ctx.db, found.id, 'declined', undefined, ctx.now());
    return { id: found.id, organizationId: found.organizationId, declined: true as const };
  },
});
