import { createHash } from 'node:crypto';
import type { Caller } from '../caller/caller.ts';
import type { Db } from '../db/database.ts';
import { AppError, errorStatus, type ErrorCode } from '../values/errors.ts';
import { fromJsonText, toJsonText } from '../values/record.ts';
import type { StoredAnswer } from './idempotency-keys.table.ts';

/**
 * Idempotency keys (docs/api.md, "Idempotency keys"; the IETF httpapi draft's `Idempotency-Key`): a
 * write sent again with the key of an earlier one is answered as that one was, not done again.
 */

/** How long an answer is kept for a retry. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a running first request holds its key; a process that died mid-request loses it then. */
const CLAIM_MS = 60_000;
const KEY = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentCall {
  scope: string;
  key: string;
  operation: string;
  fingerprint: string;
}

/** The call's Idempotency-Key, checked; undefined when it sent none. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY.test(value)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key: 1 to 255 visible ASCII characters', { details: [{ path: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }] });
  }
  return value;
}

/** JSON with the keys of every object in order: the same data sent with its keys reordered is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(Reflect.get(value, key))}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function idempotentCall(caller: Caller, ip: string, key: string, operation: string, data: unknown): IdempotentCall {
  const scope = caller.kind === 'user' ? `user:${caller.idpUserId}` : `ip:${ip}`;
  const fingerprint = createHash('sha256').update(operation).update('\n').update(canonical(data)).digest('hex');
  return { scope, key, operation, fingerprint };
}

export type Claim = { kind: 'run' } | { kind: 'replay'; answer: StoredAnswer };

export const replayOf = (claimed: Claim): StoredAnswer | undefined => (claimed.kind === 'replay' ? claimed.answer : undefined);

/**
 * Claims the key for this request, or finds the first request's answer. The insert is the claim
 * (the primary key makes it one across processes); a key still held by a running request is
 * CONFLICT, the same key with other data IDEMPOTENCY_KEY_REUSED.
 */
export async function claim(db: Db, call: IdempotentCall, now: number, again = true): Promise<Claim> {
  const inserted = await db
    .insertInto('idempotencyKeys')
    .values({ ...call, answer: null, lockedUntil: now + CLAIM_MS, createdAt: now, expiresAt: now + IDEMPOTENCY_TTL_MS })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { kind: 'run' };
  const found = stateOf(await keyRow(db, call), call, now);
  if (found.state === 'free') {
    // Gone or expired since the insert found it: the key is free again (once; then it is someone else's race).
    await db.deleteFrom('idempotencyKeys').where('scope', '=', call.scope).where('key', '=', call.key).where('expiresAt', '<=', now).execute();
    if (again) return claim(db, call, now, false);
    throw inProgress();
  }
  if (found.state === 'answered') return { kind: 'replay', answer: found.answer };
  // The first request's process stopped before it answered: this one takes its place.
  const taken = await db
    .updateTable('idempotencyKeys')
    .set({ lockedUntil: now + CLAIM_MS })
    .where('scope', '=', call.scope)
    .where('key', '=', call.key)
    .where('answer', 'is', null)
    .where('lockedUntil', '=', found.lockedUntil)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return { kind: 'run' };
  throw inProgress();
}

const reused = (operation: string) =>
  new AppError('IDEMPOTENCY_KEY_REUSED', `this Idempotency-Key was used for another request (${operation}) in the last 24 hours: send a new key for a new request`);
const inProgress = () => new AppError('CONFLICT', 'a request with this Idempotency-Key is still running: retry it in a moment', { retryAfterSeconds: 1 });

/**
 * The first request's answer when there is one, before anything is counted or written: a replay
 * is not counted by the rate limits. Undefined when the key is free (or only claimed by a write
 * that claims it in its transaction, where the claim decides).
 */
export async function earlierAnswer(db: Db, call: IdempotentCall, now: number): Promise<StoredAnswer | undefined> {
  const found = stateOf(await keyRow(db, call), call, now);
  return found.state === 'answered' ? found.answer : undefined;
}

function keyRow(db: Db, call: IdempotentCall) {
  return db.selectFrom('idempotencyKeys').selectAll().where('scope', '=', call.scope).where('key', '=', call.key).executeTakeFirst();
}

type KeyState = { state: 'free' } | { state: 'answered'; answer: StoredAnswer } | { state: 'abandoned'; lockedUntil: number | null };

/**
 * What a key's row says of this request: free (none, or expired), answered, or claimed by a
 * request whose claim has lapsed; IDEMPOTENCY_KEY_REUSED for other data, CONFLICT while the claim holds.
 */
function stateOf(row: Awaited<ReturnType<typeof keyRow>>, call: IdempotentCall, now: number): KeyState {
  if (!row || row.expiresAt <= now) return { state: 'free' };
  if (row.operation !== call.operation || row.fingerprint !== call.fingerprint) throw reused(row.operation);
  const answer = fromJsonText<StoredAnswer>(row.answer);
  if (answer) return { state: 'answered', answer };
  if (row.lockedUntil !== null && row.lockedUntil > now) throw inProgress();
  return { state: 'abandoned', lockedUntil: row.lockedUntil };
}

/** Keeps what the request answered for its retries (in the write's transaction where it has one). */
export async function keepAnswer(db: Db, call: IdempotentCall, answer: StoredAnswer): Promise<void> {
  await db.updateTable('idempotencyKeys').set({ answer: toJsonText(answer), lockedUntil: null }).where('scope', '=', call.scope).where('key', '=', call.key).execute();
}

/**
 * Keeps a refusal for the retries. The key of a transactional write was claimed in its transaction,
 * which the refusal rolled back: the row is written again unless another request has answered it.
 */
export async function keepRefusal(db: Db, call: IdempotentCall, answer: StoredAnswer, now: number): Promise<void> {
  await db
    .insertInto('idempotencyKeys')
    .values({ ...call, answer: toJsonText(answer), lockedUntil: null, createdAt: now, expiresAt: now + IDEMPOTENCY_TTL_MS })
    .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ answer: toJsonText(answer), lockedUntil: null }).where('idempotencyKeys.answer', 'is', null))
    .execute();
}

/** Frees the key of a request that failed in a way a retry may not (a fault, a refusal to wait): the retry runs. */
export async function release(db: Db, call: IdempotentCall): Promise<void> {
  await db.deleteFrom('idempotencyKeys').where('scope', '=', call.scope).where('key', '=', call.key).where('answer', 'is', null).execute();
}

/** Whether an error is the request's answer (kept for its retries) rather than a reason to try again. */
export function isFinalAnswer(err: unknown): err is AppError {
  return err instanceof AppError && err.status < 500 && err.code !== 'RATE_LIMITED';
}

export function errorAnswer(err: AppError): StoredAnswer {
  return { error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } };
}

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorStatus, code);

/** The first request's answer, again: its data, or its error thrown as it was. */
export function replayed(answer: StoredAnswer): unknown {
  if ('data' in answer) return answer.data;
  const { code, message, details } = answer.error;
  throw new AppError(isErrorCode(code) ? code : 'INTERNAL', message, details ? { details } : {});
}

/** Expired keys, a batch at a time (the dispatcher calls it now and then). */
export async function sweepExpired(db: Db, now: number): Promise<void> {
  const expired = db.selectFrom('idempotencyKeys').select('key').where('expiresAt', '<=', now).limit(500);
  await db.deleteFrom('idempotencyKeys').where('expiresAt', '<=', now).where('key', 'in', expired).execute();
}
