import { hash } from 'node:crypto';
import type { Caller } from '../caller/caller.ts';
import type { Db } from '../db/database.ts';
import { AppError, errorStatus, type ErrorCode } from '../values/errors.ts';
import { fromJsonText, toJsonText } from '../values/record.ts';
import type { Selectable } from 'kysely';
import { prepared } from '../db/queries/prepared.ts';
import type { IdempotencyKeysTable, StoredAnswer } from './idempotency-keys.table.ts';

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
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + canonical(value[i]);
    return `${text}]`;
  }
  const keys = Object.keys(value).sort();
  let text = '{';
  for (let i = 0; i < keys.length; i++) text += `${i === 0 ? '' : ','}${JSON.stringify(keys[i])}:${canonical(Reflect.get(value, keys[i]!))}`;
  return `${text}}`;
}

export function idempotentCall(caller: Caller, ip: string, key: string, operation: string, data: unknown): IdempotentCall {
  const scope = caller.kind === 'user' ? `user:${caller.idpUserId}` : caller.kind === 'client' ? `client:${caller.clientId}` : `ip:${ip}`;
  return { scope, key, operation, fingerprint: hash('sha256', `${operation}\n${canonical(data)}`) };
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

/** Stops a write run before its key was looked up (a retry, or a request with the key run meanwhile) once the key is answered: it rolls back and gives that answer. */
export async function stopIfAnswered(db: Db, call: IdempotentCall, now: number): Promise<void> {
  if (await earlierAnswer(db, call, now)) throw new AnsweredMeanwhile();
}

/** The first request's answer when there is one; undefined when the key is free. */
export async function earlierAnswer(db: Db, call: IdempotentCall, now: number): Promise<StoredAnswer | undefined> {
  const found = stateOf(await keyRow(db, call), call, now);
  return found.state === 'answered' ? found.answer : undefined;
}

const selectKeyRow = prepared<'scope' | 'key', Selectable<IdempotencyKeysTable>>((db, slot) =>
  db.selectFrom('idempotencyKeys').selectAll().where('scope', '=', slot<string>('scope')).where('key', '=', slot<string>('key')),
);

async function keyRow(db: Db, call: IdempotentCall): Promise<Selectable<IdempotencyKeysTable> | undefined> {
  return (await selectKeyRow(db, call)).rows[0];
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

/**
 * Keeps an answer unless the key already has one (that has not expired): a transactional write's,
 * in its transaction (one statement, never the write without its answer); a manual write's, in the
 * row it claimed; a refusal, after its transaction rolled back. False when the key was answered meanwhile (a request sent again, or run
 * twice at once): that answer is the one to give, and a write rolls back.
 */
export async function keepFirstAnswer(db: Db, call: IdempotentCall, answer: StoredAnswer, now: number): Promise<boolean> {
  const { rows } = await insertAnswer(db, { ...call, answer: toJsonText(answer), now, expiresAt: now + IDEMPOTENCY_TTL_MS });
  return rows.length > 0;
}

const insertAnswer = prepared<keyof IdempotentCall | 'answer' | 'now' | 'expiresAt', { key: string }>((db, slot) =>
  db
    .insertInto('idempotencyKeys')
    .values({
      scope: slot('scope'),
      key: slot('key'),
      operation: slot('operation'),
      fingerprint: slot('fingerprint'),
      answer: slot('answer'),
      lockedUntil: null,
      createdAt: slot('now'),
      expiresAt: slot('expiresAt'),
    })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'key'])
        .doUpdateSet((eb) => ({
          operation: eb.ref('excluded.operation'),
          fingerprint: eb.ref('excluded.fingerprint'),
          answer: eb.ref('excluded.answer'),
          lockedUntil: null,
          createdAt: eb.ref('excluded.createdAt'),
          expiresAt: eb.ref('excluded.expiresAt'),
        }))
        // Only the request's own claim, or a key whose day is over.
        .where((eb) => eb.or([eb.and([eb('idempotencyKeys.answer', 'is', null), eb('idempotencyKeys.fingerprint', '=', eb.ref('excluded.fingerprint'))]), eb('idempotencyKeys.expiresAt', '<=', eb.ref('excluded.createdAt'))])),
    )
    .returning('key'),
);

/** Thrown in a transactional write whose key was answered meanwhile: rolls the write back (the dispatcher replays). */
export class AnsweredMeanwhile extends Error {}

/**
 * After a write failed or was rolled back: the answer to give instead, when another request with the
 * key has answered it (a retry, or a request run twice at once); undefined when the failure stands.
 */
export async function answerInsteadOf(db: Db, call: IdempotentCall, err: unknown, now: number): Promise<StoredAnswer | undefined> {
  if (!(err instanceof AnsweredMeanwhile)) return earlierAnswer(db, call, now);
  const earlier = await earlierAnswer(db, call, now);
  if (!earlier) throw inProgress();
  return earlier;
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
