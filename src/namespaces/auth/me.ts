import { z } from 'zod';
import { self } from '../../operations/audience.ts';
import { signedIn } from '../../caller/caller.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { isPatient, readRecord } from '../../operations/reads.ts';

/**
 * Who am I: the signed-in account, its user records in organizations (roles as they count now,
 * blocked ones included) and the patient records linked to it (docs/extensions.md).
 */
export const me = defineOperation({
  namespace: 'auth',
  name: 'me', audience: self(), tokenRequired: true, readsPatientData: true,
  reads: { records: (result: { linkedPatients: { id: string; organizationId: string }[] }) => result.linkedPatients.map((patient) => readRecord(patient, isPatient)) },
  summary: 'The signed-in account: its memberships and roles, and the patient records linked to it',
  input: z.object({}),
  output: z.object({
    idpUserId: out.id(),
    email: out.text().nullable(),
    isPlatformAdmin: out.bool(),
    /** The user records in organizations (organizationName null only where the organization's record is gone). */
    memberships: z.array(
      z.object({
        organizationId: out.id(),
        organizationName: out.text().nullable(),
        userId: out.id(),
        roles: out.strings(),
        blocked: out.bool(),
      }),
    ),
    /** The platform-level user record (a platform admin's), null for everyone else. */
    platform: z.object({ userId: out.id(), roles: out.strings(), blocked: out.bool() }).nullable(),
    linkedPatients: z.array(z.object({ id: out.id(), organizationId: out.id(), name: out.text() })),
    /** Invitations waiting for this account's answer (users.listMyInvitations lists them). */
    pendingInvitations: out.int(),
  }),
  async handler(ctx) {
    const caller = signedIn(ctx.caller);
    const inOrganizations = caller.memberships.flatMap((m) => (m.organizationId === null ? [] : [{ ...m, organizationId: m.organizationId }]));
    const platform = caller.memberships.find((m) => m.organizationId === null);
    const organizationIds = inOrganizations.map((m) => m.organizationId);
    const now = ctx.now();
    const [identity, organizations, linked, invitations] = await Promise.all([
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
      ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('idpUserId', '=', caller.idpUserId)
        .where('invitationStatus', '=', 'pending')
        .where('invitationExpiresAt', '>', now)
        .executeTakeFirstOrThrow(),
    ]);
    const nameOf = new Map(organizations.map((o) => [o.id, o.name]));
    return {
      idpUserId: caller.idpUserId,
      email: identity?.email ?? null,
      isPlatformAdmin: caller.isPlatformAdmin,
      memberships: inOrganizations.map((m) => ({
        organizationId: m.organizationId,
        organizationName: nameOf.get(m.organizationId) ?? null,
        userId: m.userId,
        roles: [...m.roles].sort(),
        blocked: m.blocked,
      })),
      platform: platform ? { userId: platform.userId, roles: [...platform.roles].sort(), blocked: platform.blocked } : null,
      linkedPatients: linked.map((p) => ({ id: p.id, organizationId: p.organizationId, name: p.name })),
      pendingInvitations: Number(invitations.n),
    };
  },
});
