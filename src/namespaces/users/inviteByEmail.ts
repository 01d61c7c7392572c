import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import { role } from '../../caller/roles.ts';
import { member } from '../../operations/audience.ts';
import { defineOperation, type RateLimit } from '../../operations/operation.ts';
import { AppError } from '../../values/errors.ts';
import { email, id, str } from '../../values/fields.ts';
import { newId } from '../../values/ids.ts';
import { itemResult } from '../../values/results.ts';
import { assertMayChangePlatformAdmin } from './users.access.ts';
import { EMAIL_INVITEE_PREFIX, INVITATION_TTL_MS, newInvitationCode, setInvitation } from './users.invitations.ts';
import { roleList, users } from './users.resource.ts';
import { userRecord } from './users.results.ts';

type Input = { organizationId: string; email: string };

/**
 * The invitation mail goes to any address an admin types, so it is counted (in the database, for
 * every process: src/rpc/rate-limits.ts) per organization, and per address whichever organizations
 * send to it, so that no account with an organization of its own can turn the mailer on an
 * address. Windows configurable as RATE_LIMIT_USERS_INVITE_BY_EMAIL_ORGANIZATION / _EMAIL.
 */
export const INVITATION_MAIL_LIMITS: RateLimit<Input>[] = [
  { name: 'users.inviteByEmail:email', points: 5, durationSeconds: 24 * 60 * 60, key: (input) => input.email },
  { name: 'users.inviteByEmail:organization', points: 100, durationSeconds: 24 * 60 * 60, key: (input) => input.organizationId },
];

/**
 * Extension: invites a person who may have no account yet. The record (a staff profile the
 * organization may use at once) names no identity until someone proves the address: a single-use
 * code goes to it by the configured mailer, and whoever holds the code accepts with their own
 * token (users.acceptInvitation {id, code}), which binds the record to that identity. No mailer:
 * NOT_CONFIGURED, and nothing is stored.
 */
export const inviteByEmail = defineOperation({
  namespace: 'users',
  name: 'inviteByEmail', audience: member(),
  summary: 'Invite a person to the organization by email (a single-use code goes to the address)',
  writes: true,
  rateLimits: INVITATION_MAIL_LIMITS,
  input: z.object({
    organizationId: id(),
    email: email(),
    role: role(),
    roles: roleList().nullish(),
    displayName: str().nullish(),
  }),
  output: itemResult(userRecord),
  async handler(ctx, input) {
    const mailer = ctx.services.mailer;
    if (!mailer) throw new AppError('NOT_CONFIGURED', 'invitations by email need a mail provider (SMTP_URL)');
    const now = ctx.now();
    const record = await users.repo.build(ctx, { ...input, idpUserId: `${EMAIL_INVITEE_PREFIX}${newId()}` });
    assertMayChangePlatformAdmin(ctx, undefined, record);
    const inserted = await users.repo.insert(ctx.db, record);
    const { code, hash } = newInvitationCode();
    const item = await setInvitation(ctx.db, inserted.id, {
      invitationStatus: 'pending', invitedBy: callerId(ctx.caller), invitedAt: now, invitationExpiresAt: now + INVITATION_TTL_MS, invitationCodeHash: hash,
    });
    const days = Math.round(INVITATION_TTL_MS / 86_400_000);
    const text = [
      `You are invited to join an organization on healthops as ${input.role}.`,
      '',
      'Sign in (or create an account) and accept the invitation with:',
      '',
      `    invitation id: ${item.id}`,
      `    invitation code: ${code}`,
      '',
      `The code works once and expires in ${days} days. If you do not know this organization, ignore this mail.`,
    ].join('\n');
    try {
      await mailer.send({ to: input.email, subject: 'An invitation to join an organization', text });
    } catch {
      throw new AppError('NOT_CONFIGURED', 'the invitation mail could not be sent');
    }
    return { item };
  },
});
