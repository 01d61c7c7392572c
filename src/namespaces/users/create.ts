import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { userRecord } from './users.results.ts';
import { assertMayChangePlatformAdmin } from './users.access.ts';
import { users } from './users.resource.ts';
import { invitationFor, setInvitation } from './users.invitations.ts';

/**
 * Adds a member: the organization's admins (the role table) and platform admins; a platform-level
 * record (no organizationId) concerns no organization, so only platform admins make one. A record
 * naming another person's identity is an invitation (pending) until that person accepts it
 * (users.invitations.ts); a platform admin's, or one's own, is accepted at once.
 */
export const create = defineOperation({
  namespace: 'users',
  name: 'create', audience: member(),
  summary: 'Create a user record in an organization (no organizationId: a platform-level record)',
  writes: true,
  input: z.object({
    ...users.schemas.fields.required('idpUserId', 'email', 'role'),
    organizationId: id().nullish(),
    ...users.schemas.fields.nullish('displayName', 'avatarUrl', 'roles', 'isActive', 'isBlocked', 'onboardingStatus'),
  }),
  output: itemResult(userRecord),
  async handler(ctx, input) {
    const record = await users.repo.build(ctx, { ...input, organizationId: input.organizationId ?? null });
    assertMayChangePlatformAdmin(ctx, undefined, record);
    const item = await users.repo.insert(ctx.db, record);
    const invitation = invitationFor(ctx.caller, item.idpUserId, ctx.now());
    return { item: invitation.invitationStatus === 'pending' ? await setInvitation(ctx.db, item.id, invitation) : item };
  },
});
