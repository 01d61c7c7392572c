import type { FastifyBaseLogger } from 'fastify';
import { ZodObject, type z } from 'zod';
import { admitCall, admitCaller } from '../access/enforce.ts';
import { organizationConcerned } from '../access/organization.ts';
import type { ReadRecorder } from '../access/read-log.ts';
import type { CallInterface } from '../access/clients.ts';
import { CallerCache } from '../caller/caller-cache.ts';
import { loadClientCaller } from '../caller/clients.ts';
import { anonymous, narrowedCaller, type Caller } from '../caller/caller.ts';
import { tokenFromHeaders, type TokenService } from '../caller/tokens.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { recordAudit } from '../audit-trail/trail.ts';
import type { Services } from '../provider-interfaces.ts';
import { observeRequest } from '../telemetry/metrics.ts';
import { activeTracer, type OperationSpan } from '../telemetry/tracing.ts';
import { DEFAULT_BOUNDS, nestedDeeperThan, widerThan } from '../values/bounds.ts';
import { AppError, type ErrorDetail } from '../values/errors.ts';
import type { Context, Operation } from '../operations/operation.ts';
import { knownError } from './db-errors.ts';
import { AnsweredMeanwhile, answerInsteadOf, claim, earlierAnswer, errorAnswer, idempotencyKeyOf, idempotentCall, isFinalAnswer, keepFirstAnswer, release, replayed, replayOf, stopIfAnswered, sweepExpired, type IdempotentCall } from './idempotency.ts';
import { guardedServices } from './idempotency-guard.ts';
import type { StoredAnswer } from './idempotency-keys.table.ts';
import { RateLimits } from './rate-limits.ts';
import type { Registry } from './registry.ts';

/** How deep any field of a call's data may be nested: twice a free-form value's depth (src/values/bounds.ts). */
const FIELD_NESTING = 2 * DEFAULT_BOUNDS.depth + 3;
/** The most keys an object anywhere in a field may have, and the longest key: the widest any schema takes. */
const FIELD_KEYS = 1_000;
const FIELD_KEY_LENGTH = DEFAULT_BOUNDS.text;

/**
 * VALIDATION_FAILED, naming the field, for a field of `data` nested past FIELD_NESTING or wider than
 * FIELD_KEYS / FIELD_KEY_LENGTH: bounds that hold whatever the schema, also in keys it would leave out.
 */
function refuseUnbounded(data: unknown): void {
  if (typeof data !== 'object' || data === null) return;
  const names = Object.keys(data);
  const wide = names.length > FIELD_KEYS || names.some((name) => name.length > FIELD_KEY_LENGTH);
  if (wide) throw new AppError('VALIDATION_FAILED', `data: must hold at most ${FIELD_KEYS} fields, each named in at most ${FIELD_KEY_LENGTH} characters`);
  for (const [field, value] of Object.entries(data)) {
    const problem = nestedDeeperThan(value, FIELD_NESTING) ? `must be nested at most ${FIELD_NESTING} levels deep` : widerThan(value, FIELD_KEYS, FIELD_KEY_LENGTH);
    if (problem) throw new AppError('VALIDATION_FAILED', `${field}: ${problem}`, { details: [{ path: field, message: problem }] });
  }
}

/** Whether a keyed write looks its key up before it runs: a manual one claims it, one with rate limits must not count a retry. */
const looksUpKeyFirst = (op: Operation) => op.writes === 'manual' || op.rateLimits.length > 0;

/** How often expired idempotency keys are swept. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

export interface DispatchDeps {
  registry: Registry;
  database: DatabaseHandle;
  config: Config;
  services: Services;
  tokens: TokenService;
  /** Where reads of patient data by callers with a token are recorded (src/access/read-log.ts). */
  readLog?: ReadRecorder;
}

export interface Call {
  namespace: string;
  apiName: string;
  data: unknown;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
  requestId: string;
  log: FastifyBaseLogger;
  /** Sets a header of the answer (Idempotent-Replayed, X-Unknown-Fields). */
  header?: (name: string, value: string) => void;
  /** The interface the call came in by (default rpc): a backend client's token is good for fhir only (src/access/clients.ts). */
  via?: CallInterface;
}

/**
 * Finds the operation, authenticates, admits the caller to its audience, validates, resolves the
 * organization the call concerns and admits the call there, limits the rate, runs.
 */
export class Dispatcher {
  readonly #deps: DispatchDeps;
  readonly #rateLimits: RateLimits;
  readonly #callers: CallerCache;
  #nextSweep = 0;

  constructor(deps: DispatchDeps) {
    this.#deps = deps;
    this.#rateLimits = new RateLimits(deps.registry.all(), deps.database, deps.config, deps.services.now);
    this.#callers = new CallerCache(deps.database);
  }

  /**
   * Runs the call, counted in the metrics (src/telemetry/metrics.ts: its status and time, by the
   * operation's declared name) and, when tracing runs, in a span of its own.
   */
  async dispatch(call: Call): Promise<unknown> {
    const { registry } = this.#deps;
    const op = registry.find(call.namespace, call.apiName);
    if (!op) {
      const meant = registry.closest(call.namespace, call.apiName);
      const hint = meant ? `: did you mean ${meant}?` : '';
      throw new AppError('UNKNOWN_OPERATION', `unknown operation ${call.namespace}.${call.apiName}${hint}`, meant ? { details: [{ path: 'apiName', message: `did you mean ${meant}?` }] } : {});
    }
    const started = performance.now();
    const tracer = activeTracer();
    try {
      const result = tracer ? await tracer.operation(`${op.namespace}.${op.name}`, (span) => this.#traced(op, call, span), call.headers) : await this.#run(op, call, undefined);
      observeRequest(op, 200, (performance.now() - started) / 1000);
      return result;
    } catch (err) {
      observeRequest(op, answerOf(err).status, (performance.now() - started) / 1000);
      throw err;
    }
  }

  async #traced(op: Operation, call: Call, span: OperationSpan): Promise<unknown> {
    try {
      const result = await this.#run(op, call, span);
      span.answered(200);
      return result;
    } catch (err) {
      const answer = answerOf(err);
      span.answered(answer.status, answer.code);
      throw err;
    }
  }

  async #run(op: Operation, call: Call, span: OperationSpan | undefined): Promise<unknown> {
    const { database, config, services } = this.#deps;
    const caller = await this.#authenticate(call.headers);
    admitCaller(op, caller, config, call.via);

    // A value nested or spread past any field's bounds is refused whatever its field: one the schema
    // would leave out (an unknown key inside a known object) is not let through either.
    refuseUnbounded(call.data);
    const parsed = op.input.safeParse(call.data ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    const input: unknown = parsed.data;
    this.#unknownFields(op, call);

    const ctx: Context = {
      db: database.db,
      dialect: database.dialect,
      config,
      services,
      caller,
      organizationId: null,
      membership: null,
      asOwner: false,
      requestId: call.requestId,
      ip: call.ip,
      log: call.log,
      now: services.now,
    };
    const admitted = await admitCall(op, caller, await organizationConcerned(op, input, ctx), input, ctx);
    ctx.organizationId = admitted.organizationId;
    ctx.membership = admitted.membership;
    ctx.asOwner = admitted.asOwner;
    if (span && admitted.organizationId !== null) span.setAttribute('healthops.organization.id', admitted.organizationId);
    const key = op.writes === false ? undefined : idempotencyKeyOf(call.headers);
    const idempotent = key === undefined ? undefined : idempotentCall(caller, call.ip, key, `${op.namespace}.${op.name}`, call.data ?? {});
    if (idempotent) {
      const now = services.now();
      if (now >= this.#nextSweep) {
        this.#nextSweep = now + SWEEP_EVERY_MS;
        await sweepExpired(database.db, now);
      }
      // A manual write claims its key, and a write with rate limits looks it up, before anything
      // is counted or run. Any other keeps its answer with its write (#runWriting): a retry runs,
      // finds the key answered, is rolled back and gets that answer (#settle).
      if (looksUpKeyFirst(op)) {
        const earlier = op.writes === true ? await earlierAnswer(database.db, idempotent, now) : replayOf(await claim(database.db, idempotent, now));
        if (earlier) return replay(call, earlier);
      }
    }

    try {
      await this.#rateLimits.check(op, input, ctx);
      const result = op.writes === true ? await this.#runWriting(op, input, ctx, admitted.organizationId, idempotent) : await op.handler(ctx, input);
      if (idempotent && op.writes === 'manual') await keepFirstAnswer(database.db, idempotent, { data: result }, services.now());
      await this.#rateLimits.succeeded(op, input, ctx);
      if (op.readsPatientData && caller.kind !== 'anonymous') this.#deps.readLog?.recordRead(op, ctx, result);
      return result;
    } catch (err) {
      const instead = idempotent ? await this.#settle(op, idempotent, err) : undefined;
      if (instead) return replay(call, instead);
      throw err;
    } finally {
      // Nothing is answered before what it wrote, or read, is on disk (group commit on SQLite).
      await database.durable();
    }
  }

  #runWriting(op: Operation, input: unknown, ctx: Context, organizationId: string | null, idempotent: IdempotentCall | undefined): Promise<unknown> {
    return this.#deps.database.db.transaction().execute(async (trx) => {
      // A run that did not look its key up first does before anything leaves the service.
      const unchecked = idempotent && !looksUpKeyFirst(op);
      const txCtx = { ...ctx, db: trx, ...(unchecked ? { services: guardedServices(ctx.services, () => stopIfAnswered(trx, idempotent, ctx.now())) } : {}) };
      const result = await op.handler(txCtx, input);
      const subject = op.subject(result);
      await recordAudit(trx, txCtx, {
        operation: `${op.namespace}.${op.name}`,
        recordId: subject.recordId,
        organizationId: organizationId ?? subject.organizationId,
      });
      // The answer kept for a retry commits with the write: never one without the other.
      if (idempotent && !(await keepFirstAnswer(trx, idempotent, { data: result }, ctx.now()))) throw new AnsweredMeanwhile();
      return result;
    });
  }

  /**
   * A keyed write that failed: its refusal is kept as the answer for its retries, unless another
   * request with the key has answered it (a retry of a write that was done, or a request run twice
   * at once): that answer is given instead, also in place of a rate limit or a fault.
   */
  async #settle(op: Operation, idempotent: IdempotentCall, err: unknown): Promise<StoredAnswer | undefined> {
    const { db } = this.#deps.database;
    const now = this.#deps.services.now();
    if (isFinalAnswer(err) && (await keepFirstAnswer(db, idempotent, errorAnswer(err), now))) return undefined;
    if (op.writes === 'manual' && !isFinalAnswer(err)) {
      await release(db, idempotent);
      return undefined;
    }
    return answerInsteadOf(db, idempotent, err, now);
  }

  /**
   * Fields the operation does not take are left out, as always (clients send whole records back),
   * but named: in X-Unknown-Fields, in the development log, and with `Prefer: handling=strict`
   * (RFC 7240) refused with VALIDATION_FAILED (docs/api.md, "Unknown fields").
   */
  #unknownFields(op: Operation, call: Call): void {
    const unknown = unknownFieldsOf(op.input, call.data);
    const strict = isStrict(call.headers.prefer);
    if (strict) call.header?.('preference-applied', 'handling=strict');
    if (unknown.length === 0) return;
    if (strict) {
      throw new AppError('VALIDATION_FAILED', `${unknown.join(', ')}: not a field of ${op.namespace}.${op.name}`, { details: unknown.map((path) => ({ path, message: 'not a field of this operation' })) });
    }
    call.header?.('x-unknown-fields', unknown.join(', '));
    if (this.#deps.config.env === 'development') call.log.info({ operation: `${op.namespace}.${op.name}`, unknownFields: unknown }, 'fields the operation does not take were left out');
  }

  async #authenticate(headers: Call['headers']): Promise<Caller> {
    const token = tokenFromHeaders(headers);
    if (token === undefined) return anonymous;
    const verified = token === null ? undefined : await this.#deps.tokens.verifyIssued(token);
    if (!verified) throw new AppError('UNAUTHENTICATED', 'access token is invalid, expired or malformed');
    if (verified.client) {
      const client = await loadClientCaller(this.#deps.database.db, verified.client);
      if (!client) throw new AppError('UNAUTHENTICATED', 'the backend client of this access token is revoked');
      return client;
    }
    const caller = await this.#callers.get(verified.subject);
    if (caller.kind === 'user' && verified.version < caller.tokenVersion) {
      throw new AppError('UNAUTHENTICATED', 'access token was issued before the password was last set; sign in again');
    }
    return verified.smart && caller.kind === 'user' ? narrowedCaller(caller, verified.smart) : caller;
  }
}

/** The top-level fields of `data` the input schema does not name (a schema that is no plain object names them all). */
function unknownFieldsOf(input: z.ZodType, data: unknown): string[] {
  if (!(input instanceof ZodObject) || typeof data !== 'object' || data === null) return [];
  const shape: Record<string, unknown> = input.shape;
  return Object.keys(data).filter((key) => !Object.hasOwn(shape, key)).slice(0, 20);
}

/** Whether a Prefer header asks for `handling=strict`. */
function isStrict(prefer: string | string[] | undefined): boolean {
  const values = Array.isArray(prefer) ? prefer : prefer === undefined ? [] : [prefer];
  return values.some((value) => value.split(',').some((preference) => preference.trim().toLowerCase() === 'handling=strict'));
}

/** The error a call is answered with, as app.ts's sendError makes it (for its status and code). */
function answerOf(err: unknown): AppError {
  return knownError(err) ?? new AppError('INTERNAL', 'internal error');
}

function validationError(error: z.ZodError): AppError {
  const details: ErrorDetail[] = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = details[0];
  const summary = first ? `${first.path || 'data'}: ${first.message}` : 'invalid input';
  return new AppError('VALIDATION_FAILED', summary, { details });
}

/** The first request's answer again, said so in a header. */
function replay(call: Call, answer: StoredAnswer): unknown {
  call.header?.('idempotent-replayed', 'true');
  return replayed(answer);
}
