import { z } from 'zod';
import { self } from '../../operations/audience.ts';
import { signedIn } from '../../caller/caller.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';

/**
 * Who am I: the signed-in account, its user records in organizations (roles as they count now,
 * blocked ones included) and the patient records linked to it (docs/extensions.md).
 */
export const me = defineOperation({
  namespace: 'auth',
  name: 'me', audience: self(), tokenRequired: true, readsPatientData: true,
  summary: 'The signed-in account: its memberships and roles, and the patient records linked to it',
  input: z.object({}),
  output: z.object({
    idpUserId: out.id(),
    email: out.text().nullable(),
    isPlatformAdmin: out.bool(),
    memberships: z.array(
      z.object({
        /** null: the platform-level user record */
        organizationId: out.id().nullable(),
        organizationName: out.text().nullable(),
        userId: out.id(),
        roles: out.strings(),
        blocked: out.bool(),
      }),
    ),
    linkedPatients: z.array(z.object({ id: out.id(), organizationId: out.id(), name: out.text() })),
  }),
  async handler(ctx) {
    const caller = signedIn(ctx.caller);
    const organizationIds = caller.memberships.flatMap((m) => (m.organizationId === null ? [] : [m.organizationId]));
    const [identity, organizations, linked] = await Promise.all([
      ctx.db.selectFrom('identities').select('email').where('id', '=', caller.idpUserId).executeTakeFirst(),
      organizationIds.length === 0 ? [] : ctx.db.selectFrom('organizations').select(['id', 'name']).where('id', 'in', organizationIds).execute(),
      // The patients table read here, not through the patients namespace, which depends on auth.
      ctx.db
        .selectFrom('patients')
        .select(['id', 'organizationId', 'name'])
        .where('idpUserId', '=', caller.idpUserId)
        .orderBy('organizationId')
        .orderBy('createdAt')
        .orderBy('id')
        .execute(),
    ]);
    const nameOf = new Map(organizations.map((o) => [o.id, o.name]));
    return {
      idpUserId: caller.idpUserId,
      email: identity?.email ?? null,
      isPlatformAdmin: caller.isPlatformAdmin,
      memberships: caller.memberships.map((m) => ({
        organizationId: m.organizationId,
        organizationName: m.organizationId === null ? null : (nameOf.get(m.organizationId) ?? null),
        userId: m.userId,
        roles: [...m.roles].sort(),
        blocked: m.blocked,
      })),
      linkedPatients: linked.map((p) => ({ id: p.id, organizationId: p.organizationId, name: p.name })),
    };
  },
});
