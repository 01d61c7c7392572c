import { self } from '../../operations/audience.ts';
import { AppError } from '../../values/errors.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import { users } from '../users/users.public.ts';
import { asOrganization, organizations } from './organizations.resource.ts';
import { organizationRecord } from './organizations.results.ts';
import { itemResult } from '../../values/results.ts';

/** Where an account has no email of its own (a phone sign-up, an outside provider's subject): a reserved address (RFC 2606) to change later. */
const noEmail = (idpUserId: string) => `${idpUserId}@no-email.invalid`;

/** The creator's users record in the new organization: its first admin. */
async function addFirstAdmin(ctx: Context, idpUserId: string, organizationId: string): Promise<void> {
  const identity = await ctx.db.selectFrom('identities').select(['email', 'name']).where('id', '=', idpUserId).executeTakeFirst();
  const record = await users.repo.build(ctx, {
    idpUserId,
    organizationId,
    email: identity?.email ?? noEmail(idpUserId),
    displayName: identity?.name ?? null,
    role: 'admin',
    roles: ['admin'],
  });
  await users.repo.insert(ctx.db, record);
}

/**
 * Onboarding (docs/contract.md, "Onboarding"): a signed-in account creates an organization and becomes its
 * first admin, in the same transaction. ORGANIZATION_CREATION=platform keeps creation to platform
 * admins, also against requests without a token. A platform admin gets no record; without a
 * token (optional mode, creation open) the organization is created as the interface did, without an admin.
 */
export const create = defineOperation({
  ...organizations.declared.create,
  audience: self(),
  summary: 'Create an organization; the signed-in creator becomes its first admin',
  output: itemResult(organizationRecord),
  async handler(ctx, input) {
    const caller = ctx.caller;
    const creator = caller.kind === 'user' && !caller.isPlatformAdmin ? caller.idpUserId : null;
    if (ctx.config.access.organizationCreation === 'platform' && !(caller.kind === 'user' && caller.isPlatformAdmin)) {
      if (caller.kind === 'anonymous') throw new AppError('UNAUTHENTICATED', 'a platform admin\'s token is required (ORGANIZATION_CREATION=platform)');
      throw new AppError('FORBIDDEN', 'organizations are created by platform admins (ORGANIZATION_CREATION=platform)');
    }
    const item = await organizations.repo.insert(ctx.db, await organizations.repo.build(ctx, input));
    if (creator !== null) await addFirstAdmin(ctx, creator, item.id);
    return { item: asOrganization(item) };
  },
});
