import { createHash, randomBytes } from 'node:crypto';
import type { Updateable } from 'kysely';
import { callerId, type Caller } from '../../caller/caller.ts';
import type { Db } from '../../db/database.ts';
import { actsFor, CONSENT_TTL_MS, hasExpired } from '../../operations/consent.ts';
import { numberOrNull } from '../../values/stored-numbers.ts';
import { AppError, notFound } from '../../values/errors.ts';
import { parseJsonArray } from '../../values/record.ts';
import type { UsersTable } from './users.table.ts';
import { users, type UserRecord } from './users.resource.ts';

/**
 * Invitations (docs/contract.md, "Consent"; docs/identity.md, "Invitations and consent"): a
 * user record naming another person's identity is pending until that person accepts it with
 * their own token; until then loadCaller does not count it (no membership, no role, no block).
 */

/** How long an invitation can be accepted (as long as every consent request). */
export const INVITATION_TTL_MS = CONSENT_TTL_MS;

/** The idpUserId of a record invited by email, until someone proves the address (users.inviteByEmail). */
export const EMAIL_INVITEE_PREFIX = 'invitation:';

type InvitationFields = Pick<UsersTable, 'invitedBy' | 'invitedAt' | 'invitationExpiresAt' | 'respondedAt'> & { invitationStatus: 'pending' | 'accepted' };

/**
 * The invitation state of a record made (or rebound) for `idpUserId` by this caller: accepted where
 * the caller acts for that identity (actsFor), else pending its answer.
 */
export function invitationFor(caller: Caller, idpUserId: string, now: number): InvitationFields {
  if (actsFor(caller, idpUserId)) {
    return { invitationStatus: 'accepted', invitedBy: null, invitedAt: null, invitationExpiresAt: null, respondedAt: null };
  }
  return { invitationStatus: 'pending', invitedBy: callerId(caller), invitedAt: now, invitationExpiresAt: now + INVITATION_TTL_MS, respondedAt: null };
}

/** Sets a record's invitation columns; the record as it is now. */
export async function setInvitation(db: Db, userId: string, fields: Updateable<UsersTable>): Promise<UserRecord> {
  const row = await db.updateTable('users').set(fields).where('id', '=', userId).returningAll().executeTakeFirst();
  if (!row) throw notFound('user');
  return users.repo.toRecord(row);
}

/** The single-use code of an email invitation: random, stored only as its hash. */
export function newInvitationCode(): { code: string; hash: string } {
  const code = randomBytes(24).toString('base64url');
  return { code, hash: codeHash(code) };
}

const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');

export interface InvitationSummary {
  id: string;
  organizationId: string | null;
  organizationName: string | null;
  role: string;
  roles: string[];
  invitedBy: string | null;
  invitedAt: number | null;
  expiresAt: number | null;
}

/** The caller's pending invitations that have not expired, newest first. */
export async function pendingInvitationsOf(db: Db, idpUserId: string, now: number): Promise<InvitationSummary[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organizationId')
    .select(['users.id', 'users.organizationId', 'organizations.name as organizationName', 'users.role', 'users.roles', 'users.invitedBy', 'users.invitedAt', 'users.invitationExpiresAt'])
    .where('users.idpUserId', '=', idpUserId)
    .where('users.invitationStatus', '=', 'pending')
    .where('users.invitationExpiresAt', '>', now)
    .orderBy('users.invitedAt', 'desc')
    .orderBy('users.id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    organizationId: r.organizationId,
    organizationName: r.organizationName ?? null,
    role: r.role,
    roles: parseRoles(r.roles, r.role),
    invitedBy: r.invitedBy,
    invitedAt: numberOrNull(r.invitedAt),
    expiresAt: numberOrNull(r.invitationExpiresAt),
  }));
}

/** The invitation's roles as stored (a JSON list, read like every record's); none stored: its primary role. */
function parseRoles(text: string | null, primary: string): string[] {
  const roles = parseJsonArray(text);
  return roles.length > 0 ? roles : [primary];
}

/**
 * The invitation `id` as the caller may answer it: addressed to their identity, or sent by email
 * and `code` the one mailed. Anything else is NOT_FOUND (an invitation is nobody else's business);
 * one already answered or expired is INVALID_STATE.
 */
export async function invitationToAnswer(db: Db, caller: Extract<Caller, { kind: 'user' }>, id: string, code: string | undefined, now: number) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'idpUserId', 'organizationId', 'invitationStatus', 'invitationExpiresAt', 'invitationCodeHash'])
    .where('id', '=', id)
    .executeTakeFirst();
  const byCode = row?.idpUserId.startsWith(EMAIL_INVITEE_PREFIX) && code !== undefined && row.invitationCodeHash !== null && row.invitationCodeHash === codeHash(code);
  if (!row || !(row.idpUserId === caller.idpUserId || byCode)) throw notFound('invitation');
  if (row.invitationStatus !== 'pending') throw new AppError('INVALID_STATE', `this invitation was ${row.invitationStatus} already`);
  if (hasExpired(row.invitationExpiresAt, now)) throw new AppError('INVALID_STATE', 'this invitation has expired');
  return { ...row, byCode: Boolean(byCode) };
}

/**
 * Records the answer, only while the invitation is still pending (two answers racing: the second
 * is INVALID_STATE). Accepting an email invitation binds it to the caller's identity; the code is
 * spent either way.
 */
export async function answerInvitation(db: Db, id: string, answer: 'accepted' | 'declined', idpUserId: string | undefined, now: number): Promise<void> {
  const changes: Updateable<UsersTable> = { invitationStatus: answer, respondedAt: now, invitationCodeHash: null, updatedAt: now };
  if (idpUserId !== undefined) changes.idpUserId = idpUserId;
  const result = await db.updateTable('users').set(changes).where('id', '=', id).where('invitationStatus', '=', 'pending').executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('INVALID_STATE', 'this invitation was answered already');
}

/** Has this identity a record in the organization already (an email invitation cannot give it a second)? */
export async function hasRecordIn(db: Db, idpUserId: string, organizationId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('idpUserId', '=', idpUserId)
    .where((eb) => (organizationId === null ? eb('organizationId', 'is', null) : eb('organizationId', '=', organizationId)))
    .executeTakeFirst();
  return row !== undefined;
}
