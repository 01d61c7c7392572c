import type { Db } from '../../db/database.ts';
import { newId } from '../../values/ids.ts';
import { toBool } from '../../values/record.ts';
import type { IdentitiesTable } from './auth.table.ts';

/**
 * Identities: the people who can sign in (this service is its own identity provider). An
 * identity's id is the access token's `sub` and the idpUserId of its user records. Shared by
 * the auth operations and the admin command line (src/admin.ts).
 */

export type IdentityRow = IdentitiesTable;

/** An identity as the API shows it: never the password hash nor the social subject. */
export interface IdentityRecord {
  id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  isVerified: boolean;
  lastLoginAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export function toIdentityRecord(row: IdentityRow): IdentityRecord {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    name: row.name,
    isVerified: toBool(row.isVerified) ?? false,
    lastLoginAt: row.lastLoginAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Emails are stored and compared trimmed and in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findIdentityById(db: Db, id: string): Promise<IdentityRow | undefined> {
  return db.selectFrom('identities').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findIdentityByEmail(db: Db, email: string): Promise<IdentityRow | undefined> {
  return db.selectFrom('identities').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/** `phone` must already be normalised (see normalizeMobileNumber). */
export function findIdentityByPhone(db: Db, phone: string): Promise<IdentityRow | undefined> {
  return db.selectFrom('identities').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export function findIdentityBySocialSubject(db: Db, socialSubject: string): Promise<IdentityRow | undefined> {
  return db.selectFrom('identities').selectAll().where('socialSubject', '=', socialSubject).executeTakeFirst();
}

export interface NewIdentity {
  email?: string | null;
  phone?: string | null;
  name?: string | null;
  passwordHash?: string | null;
  socialSubject?: string | null;
  isVerified?: boolean;
  lastLoginAt?: number | null;
}

/** Inserts an identity; a taken email, phone or social subject is a uniqueness clash (CONFLICT). */
export async function createIdentity(db: Db, values: NewIdentity, now: number): Promise<IdentityRow> {
  const rows = await db
    .insertInto('identities')
    .values({
      id: newId(),
      email: values.email ? normalizeEmail(values.email) : null,
      phone: values.phone ?? null,
      name: values.name ?? null,
      passwordHash: values.passwordHash ?? null,
      socialSubject: values.socialSubject ?? null,
      isVerified: values.isVerified ?? false,
      lastLoginAt: values.lastLoginAt ?? null,
      tokenVersion: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .execute();
  return rows[0]!;
}

export type IdentityChanges = Partial<Omit<IdentityRow, 'id' | 'createdAt'>>;

export async function updateIdentity(db: Db, id: string, changes: IdentityChanges): Promise<IdentityRow> {
  const rows = await db.updateTable('identities').set(changes).where('id', '=', id).returningAll().execute();
  const row = rows[0];
  if (!row) throw new Error(`identity ${id} vanished during the update`);
  return row;
}

/** Ends every session of the identity: the access tokens issued so far are refused from now on. */
export async function endSessions(db: Db, id: string): Promise<void> {
  await db
    .updateTable('identities')
    .set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Marks a successful sign-in on the identity and on every user record it has. */
export async function recordSignIn(db: Db, id: string, now: number, changes: IdentityChanges = {}): Promise<IdentityRow> {
  await db.updateTable('users').set({ lastLoginAt: now }).where('idpUserId', '=', id).execute();
  return updateIdentity(db, id, { ...changes, lastLoginAt: now });
}
