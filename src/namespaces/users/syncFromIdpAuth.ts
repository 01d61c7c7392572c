import { member } from '../../operations/audience.ts';
import { named } from '../../operations/concerned.ts';
import { teamOrganizationFor } from '../../access/organization.ts';
import { z } from 'zod';
import { reqStr, str } from '../../values/fields.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import { assertMayChangePlatformAdmin } from './users.access.ts';
import { findOrCreateOrganization, organizationIdByTeam, organizationRecord, type Address } from '../organizations/organizations.public.ts';
import { userRecord } from './users.results.ts';
import { findByIdpUserId, insertUnlessExists, patchById } from './users.repo.ts';
import { users, withPrimaryRole, type UserRecord } from './users.resource.ts';
import { primaryRole } from './updateRoles.ts';
import { invitationFor, setInvitation } from './users.invitations.ts';

/** Role of a record created by a sync that names none. */
export const DEFAULT_SYNC_ROLE = 'staff';

const input = z.object({
  ...users.schemas.fields.required('idpUserId', 'email'),
  idpTeamId: reqStr(),
  ...users.schemas.fields.nullish('displayName', 'title', 'avatarUrl', 'role', 'roles'),
  organizationType: str().nullish(),
  addressStreet: str().nullish(),
  addressCity: str().nullish(),
  addressState: str().nullish(),
  addressPostalCode: str().nullish(),
  addressCountry: str().nullish(),
});
type Input = z.output<typeof input>;

function addressOf(i: Input): Address | null {
  const address = {
    street: i.addressStreet ?? null,
    city: i.addressCity ?? null,
    state: i.addressState ?? null,
    postalCode: i.addressPostalCode ?? null,
    country: i.addressCountry ?? null,
  };
  return Object.values(address).some((v) => v !== null) ? address : null;
}

/** The profile fields the identity provider sent: omitted = unchanged, null = cleared. */
function profileChanges(i: Input, now: number): Partial<UserRecord> {
  const changes: Partial<UserRecord> = { email: i.email, lastLoginAt: now, updatedAt: now };
  for (const key of ['displayName', 'title', 'avatarUrl'] as const) if (i[key] !== undefined) changes[key] = i[key];
  return changes;
}

async function upsertUser(ctx: Context, i: Input, organizationId: string): Promise<UserRecord> {
  const now = ctx.now();
  const existing = await findByIdpUserId(ctx.db, i.idpUserId, organizationId);
  if (!existing) {
    const primary = i.role ?? i.roles?.[0] ?? DEFAULT_SYNC_ROLE;
    const record = await users.repo.build(ctx, { ...profileChanges(i, now), idpUserId: i.idpUserId, organizationId, role: primary, roles: i.roles });
    assertMayChangePlatformAdmin(ctx, undefined, record);
    const inserted = await insertUnlessExists(ctx.db, record);
    if (inserted) {
      const invitation = invitationFor(ctx.caller, inserted.idpUserId, now);
      return invitation.invitationStatus === 'pending' ? setInvitation(ctx.db, inserted.id, invitation) : inserted;
    }
    // Created by a concurrent sync since the look-up: update that one.
    return upsertUser(ctx, i, organizationId);
  }
  const changes = profileChanges(i, now);
  if (i.role || i.roles) {
    const roles = i.roles ?? existing.roles;
    changes.role = primaryRole(i.role, existing.role, roles);
    changes.roles = withPrimaryRole(changes.role, roles);
  }
  assertMayChangePlatformAdmin(ctx, existing, { ...existing, ...changes });
  return patchById(ctx.db, existing.id, changes);
}

/**
 * Upsert from the identity provider: the organization of the team (created when missing) and the
 * person's record in it. Returns `{ item: user, organization }`. The team names its organization:
 * its admins (the role table) and platform admins may sync into it; a team without an
 * organization yet concerns none, so only platform admins create one this way. A new record for
 * another person's identity is an invitation (pending) until they accept it (users.invitations.ts).
 */
export const syncFromIdpAuth = defineOperation({
  namespace: 'users',
  name: 'syncFromIdpAuth', audience: member(),
  summary: "Create or update a person's user record (and the team's organization) from the identity provider",
  writes: true,
  input,
  output: z.object({ item: userRecord, organization: organizationRecord }),
  organizationOf: async (i, ctx) => {
    // Another organization's team concerns none, like an unknown one (teamOrganizationFor).
    const organizationId = teamOrganizationFor(ctx.caller, await organizationIdByTeam(ctx.db, i.idpTeamId));
    return organizationId === undefined ? null : named(organizationId);
  },
  async handler(ctx, i) {
    const organization = await findOrCreateOrganization(ctx.db, { idpTeamId: i.idpTeamId, type: i.organizationType ?? null, address: addressOf(i) }, ctx.now());
    const item = await upsertUser(ctx, i, organization.id);
    return { item, organization };
  },
});
