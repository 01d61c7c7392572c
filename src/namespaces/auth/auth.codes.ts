import { randomBytes } from 'node:crypto';
import { hashCode } from '../../caller/passwords.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { newId } from '../../values/ids.ts';
import type { OneTimeCodesTable } from './auth.table.ts';

/**
 * One-time codes (OTP for mobile numbers, password-reset codes). Only an HMAC of a code is
 * stored (hashCode() in src/caller/passwords.ts, keyed with the JWT secret).
 *
 * OTP codes are hashed with their mobile number as target and looked up by target; codes that
 * link patient records (patients.requestLink) likewise, with organization, identity and number.
 * A reset code arrives alone (resetPassword takes only the code), so it is hashed with an EMPTY target and
 * looked up by hash (index oneTimeCodes_hash); the row's `target` column still names the
 * identity. 32 random url-safe characters (192 bits) make a collision or a guess hopeless.
 */

export type CodePurpose = OneTimeCodesTable['purpose'];
export type CodeRow = OneTimeCodesTable;

/** A password-reset code: 32 url-safe random characters. */
export function newResetCode(): string {
  return randomBytes(24).toString('base64url');
}

export function resetCodeHash(config: Config, code: string): string {
  return hashCode(config.auth.jwtSecret, 'password_reset', '', code);
}

/** The hash of a code sent by SMS (purpose `otp`: the target is the mobile number). */
export function otpHash(config: Config, purpose: CodePurpose, target: string, code: string): string {
  return hashCode(config.auth.jwtSecret, purpose, target, code);
}

export interface NewCode {
  purpose: CodePurpose;
  target: string;
  codeHash: string;
  expiresAt: number;
}

/** Stores a new code for the target and drops every earlier code of the same purpose for it. */
export async function replaceCode(db: Db, code: NewCode, now: number): Promise<CodeRow> {
  await db.deleteFrom('oneTimeCodes').where('purpose', '=', code.purpose).where('target', '=', code.target).execute();
  const rows = await db
    .insertInto('oneTimeCodes')
    .values({ id: newId(), ...code, attempts: 0, consumedAt: null, createdAt: now })
    .returningAll()
    .execute();
  return rows[0]!;
}

/** The newest unconsumed, unexpired code of the purpose for the target. */
export function latestLiveCode(db: Db, purpose: CodePurpose, target: string, now: number): Promise<CodeRow | undefined> {
  return db
    .selectFrom('oneTimeCodes')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The unconsumed, unexpired code of the purpose with this hash. */
export function liveCodeByHash(db: Db, purpose: CodePurpose, codeHash: string, now: number): Promise<CodeRow | undefined> {
  return db
    .selectFrom('oneTimeCodes')
    .selectAll()
    .where('codeHash', '=', codeHash)
    .where('purpose', '=', purpose)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

/**
 * Counts one attempt against the code, atomically and only while attempts remain: concurrent
 * guesses cannot exceed the limit. False when the code has no attempt left (or is used).
 */
export async function takeAttempt(db: Db, id: string, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .updateTable('oneTimeCodes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('consumedAt', 'is', null)
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** Marks the code used; false when it was already used or has expired meanwhile (a race lost). */
export async function consumeCode(db: Db, id: string, now: number): Promise<boolean> {
  const rows = await db
    .updateTable('oneTimeCodes')
    .set({ consumedAt: now })
    .where('id', '=', id)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** Drops every unconsumed code of the purpose for the target (after a password reset). */
export async function dropCodes(db: Db, purpose: CodePurpose, target: string): Promise<void> {
  await db.deleteFrom('oneTimeCodes').where('purpose', '=', purpose).where('target', '=', target).where('consumedAt', 'is', null).execute();
}
