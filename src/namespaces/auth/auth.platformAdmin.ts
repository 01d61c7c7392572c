import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { hashPassword } from '../../caller/passwords.ts';
import { DEFAULT_SCRYPT_LOG2N } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { newId } from '../../values/ids.ts';
import { parseJsonArray } from '../../values/record.ts';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../users/users.public.ts';
import { newPassword, normalizedEmail } from './auth.fields.ts';
import { createIdentity, endSessions, findIdentityByEmail, updateIdentity, type IdentityRow } from './auth.identities.ts';

/**
 * The first platform admin comes from the command line (`npm run admin -- create-platform-admin`),
 * since granting platform_admin through the API needs a caller who has it. Idempotent: it reuses
 * the email's identity and its platform-level user record, and makes sure that record has the role,
 * is active and is not blocked (the command line is also the way back in).
 */

export interface PlatformAdminOptions {
  email: string;
  /** Sets (or replaces) the identity's password. Without it, an identity that has no password gets a generated one. */
  password?: string | undefined;
  now: number;
}

export interface PlatformAdminResult {
  identity: IdentityRow;
  user: Selectable<UsersTable>;
  createdIdentity: boolean;
  createdUser: boolean;
  /** Set only when the password was generated here: show it once, it is stored only hashed. */
  generatedPassword: string | undefined;
}

const optionsSchema = z.object({ email: normalizedEmail(), password: newPassword().optional() });

export class PlatformAdminInputError extends Error {}

export async function createPlatformAdmin(db: Db, options: PlatformAdminOptions): Promise<PlatformAdminResult> {
  const parsed = optionsSchema.safeParse({ email: options.email, password: options.password || undefined });
  if (!parsed.success) {
    throw new PlatformAdminInputError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const { email, password } = parsed.data;
  const { now } = options;

  const existing = await findIdentityByEmail(db, email);
  const generatedPassword = password === undefined && !existing?.passwordHash ? randomBytes(18).toString('base64url') : undefined;
  const newHash = password ?? generatedPassword;
  const passwordHash = newHash === undefined ? undefined : await hashPassword(newHash, DEFAULT_SCRYPT_LOG2N);

  return db.transaction().execute(async (trx) => {
    const current = await findIdentityByEmail(trx, email);
    const identity = current
      ? passwordHash
        ? (await endSessions(trx, current.id), await updateIdentity(trx, current.id, { passwordHash, updatedAt: now }))
        : current
      : await createIdentity(trx, { email, passwordHash: passwordHash ?? null, isVerified: true }, now);
    const { user, created } = await ensurePlatformUser(trx, identity.id, email, now);
    await trx
      .insertInto('auditLog')
      .values({
        id: newId(),
        at: now,
        actorId: null,
        actorAddress: 'command line',
        operation: 'admin.createPlatformAdmin',
        recordId: user.id,
        organizationId: null,
        requestId: null,
      })
      .execute();
    return { identity, user, createdIdentity: !current, createdUser: created, generatedPassword };
  });
}

async function ensurePlatformUser(db: Db, idpUserId: string, email: string, now: number): Promise<{ user: Selectable<UsersTable>; created: boolean }> {
  const current = await db
    .selectFrom('users')
    .selectAll()
    .where('idpUserId', '=', idpUserId)
    .where('organizationId', 'is', null)
    .executeTakeFirst();
  if (current) {
    const roles = [...new Set([...parseJsonArray(current.roles), 'platform_admin'])];
    const rows = await db
      .updateTable('users')
      .set({ role: 'platform_admin', roles: JSON.stringify(roles), isActive: true, isBlocked: false, blockedAt: null, blockedBy: null, updatedAt: now })
      .where('id', '=', current.id)
      .returningAll()
      .execute();
    return { user: rows[0]!, created: false };
  }
  const rows = await db
    .insertInto('users')
    .values({
      id: newId(),
      idpUserId,
      organizationId: null,
      organizationBranchIds: null,
      email,
      title: null,
      displayName: null,
      avatarUrl: null,
      role: 'platform_admin',
      roles: JSON.stringify(['platform_admin']),
      isActive: true,
      isBlocked: false,
      blockedAt: null,
      blockedBy: null,
      lastLoginAt: null,
      isVerified: true,
      verifiedAt: now,
      verifiedBy: null,
      gender: null,
      yoe: null,
      totalReviews: null,
      averageRatings: null,
      onboardingStatus: null,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .execute();
  return { user: rows[0]!, created: true };
}
