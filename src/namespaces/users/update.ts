import { self, type Owner } from '../../operations/audience.ts';
import { AppError } from '../../values/errors.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { userRecord } from './users.results.ts';
import { assertMayChangePlatformAdmin } from './users.access.ts';
import { users, type UserRecord } from './users.resource.ts';
import { invitationFor, setInvitation } from './users.invitations.ts';

/** What a person may change on its own record; everything else (roles, blocking, verification, identity, ratings) is an admin's. */
const OWN_PROFILE = new Set(['id', 'organizationId', 'createdAt', 'updatedAt', 'email', 'title', 'displayName', 'avatarUrl', 'gender', 'yoe', 'onboardingStatus']);

/** The person whose record it is (once accepted, unless blocked there), and the organization whose admins may change it. */
async function recordOwner(input: { id: string; organizationId?: string }, ctx: Context): Promise<Owner> {
  const organizationId = input.organizationId ?? null;
  const row = organizationId
    ? await ctx.db.selectFrom('users').select(['idpUserId', 'isBlocked', 'invitationStatus']).where('id', '=', input.id).where('organizationId', '=', organizationId).executeTakeFirst()
    : undefined;
  return { idpUserId: row && !row.isBlocked && row.invitationStatus === 'accepted' ? row.idpUserId : null, organizationId, named: true };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A person editing its own record changes its profile only (docs/contract.md, "Audiences and roles": only an admin changes roles or blocks). */
function assertMayChange(ctx: Context, current: UserRecord, changes: Partial<UserRecord>): void {
  if (!ctx.asOwner) return;
  const fields = Object.keys(changes) as (keyof UserRecord)[];
  const beyond = fields.filter((field) => !OWN_PROFILE.has(field) && !same(changes[field], current[field]));
  if (beyond.length > 0) throw new AppError('FORBIDDEN', `only an admin of the organization may change ${beyond.join(', ')}`);
}

/**
 * Omitted fields are unchanged, null clears; idpUserId, email and role cannot be cleared; roles null = only the role.
 * The person edits its own profile; the organization's admins edit everything.
 */
export const update = defineOperation({
  ...users.declared.update,
  audience: self(recordOwner),
  summary: 'Update a user record of an organization',
  output: itemResult(userRecord),
  async handler(ctx, input) {
    const current = await users.repo.get(ctx.db, input.organizationId, input.id);
    const { record, changes } = await users.repo.merge(ctx, current, input);
    assertMayChange(ctx, current, changes);
    assertMayChangePlatformAdmin(ctx, current, record);
    const item = await users.repo.patch(ctx.db, input.organizationId, input.id, changes);
    // Another identity: a new invitation for it (its consent), whatever the record was before.
    if (changes.idpUserId === undefined || changes.idpUserId === current.idpUserId) return { item };
    return { item: await setInvitation(ctx.db, item.id, { ...invitationFor(ctx.caller, changes.idpUserId, ctx.now()), invitationCodeHash: null }) };
  },
});
