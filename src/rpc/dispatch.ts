import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { z } from 'zod';
import { CallerCache } from '../auth/caller-cache.ts';
import { anonymous, isPlatformAdmin, type Caller } from '../auth/caller.ts';
import { tokenFromHeaders, type TokenService } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { recordAudit } from '../namespaces/audit/audit.repo.ts';
import type { Services } from '../services.ts';
import { AppError, type ErrorDetail } from './errors.ts';
import type { Context, Operation, RateLimit } from './operation.ts';
import type { Registry } from './registry.ts';

export interface DispatchDeps {
  registry: Registry;
  database: DatabaseHandle;
  config: Config;
  services: Services;
  tokens: TokenService;
}

export interface Call {
  namespace: string;
  apiName: string;
  data: unknown;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
  requestId: string;
  log: FastifyBaseLogger;
}

/** Finds the operation, authenticates, validates, guards the tenant, limits the rate, runs. */
export class Dispatcher {
  readonly #deps: DispatchDeps;
  readonly #limiters = new Map<string, RateLimiterMemory>();
  readonly #callers: CallerCache;

  constructor(deps: DispatchDeps) {
    this.#deps = deps;
    this.#callers = new CallerCache(deps.database);
  }

  async dispatch(call: Call): Promise<unknown> {
    const { registry, database, config, services } = this.#deps;
    const op = registry.find(call.namespace, call.apiName);
    if (!op) throw new AppError('UNKNOWN_OPERATION', `unknown operation ${call.namespace}.${call.apiName}`);

    const caller = await this.#authenticate(call.headers);
    authorize(op, caller, config);

    const parsed = op.input.safeParse(call.data ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    const input: unknown = parsed.data;

    const ctx: Context = {
      db: database.db,
      dialect: database.dialect,
      config,
      services,
      caller,
      requestId: call.requestId,
      ip: call.ip,
      log: call.log,
      now: services.now,
    };
    const organizationId = await organizationNamed(op, input, ctx);
    guardTenant(caller, organizationId);
    guardRolesIn(op, caller, organizationId);
    await this.#limitRate(op, input, ctx);

    try {
      return op.writes === true ? await this.#runWriting(op, input, ctx, organizationId) : await op.handler(ctx, input);
    } finally {
      // Nothing is answered before what it wrote, or read, is on disk (group commit on SQLite).
      await database.durable();
    }
  }

  #runWriting(op: Operation, input: unknown, ctx: Context, organizationId: string | null): Promise<unknown> {
    return this.#deps.database.db.transaction().execute(async (trx) => {
      const txCtx = { ...ctx, db: trx };
      const result = await op.handler(txCtx, input);
      await recordAudit(trx, txCtx, {
        operation: `${op.namespace}.${op.name}`,
        recordId: recordIdOf(result),
        organizationId: organizationId ?? organizationIdOf(result),
      });
      return result;
    });
  }

  async #authenticate(headers: Call['headers']): Promise<Caller> {
    const token = tokenFromHeaders(headers);
    if (token === undefined) return anonymous;
    const verified = token === null ? undefined : await this.#deps.tokens.verifyIssued(token);
    if (!verified) throw new AppError('UNAUTHENTICATED', 'access token is invalid, expired or malformed');
    const caller = await this.#callers.get(verified.subject);
    if (caller.kind === 'user' && verified.version < caller.tokenVersion) {
      throw new AppError('UNAUTHENTICATED', 'access token was issued before the password was last set; sign in again');
    }
    return caller;
  }

  async #limitRate(op: Operation, input: unknown, ctx: Context): Promise<void> {
    for (const rule of op.rateLimits) {
      const key = rule.key(input, ctx);
      if (key === undefined) continue;
      try {
        await this.#limiter(rule).consume(key.toLowerCase());
      } catch (e) {
        if (!(e instanceof RateLimiterRes)) throw e;
        const retryAfterSeconds = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
        throw new AppError('RATE_LIMITED', `too many attempts; retry in ${retryAfterSeconds} s`, { retryAfterSeconds });
      }
    }
  }

  #limiter(rule: RateLimit<unknown>): RateLimiterMemory {
    let limiter = this.#limiters.get(rule.name);
    if (!limiter) {
      limiter = new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds });
      this.#limiters.set(rule.name, limiter);
    }
    return limiter;
  }
}

function authorize(op: Operation, caller: Caller, config: Config): void {
  const needsToken = op.access === 'authenticated' || (config.auth.mode === 'required' && op.namespace !== 'auth');
  if (caller.kind === 'anonymous') {
    if (needsToken) throw new AppError('UNAUTHENTICATED', 'an access token is required');
    return;
  }
  if (caller.memberships.length > 0 && caller.memberships.every((m) => m.blocked)) {
    throw new AppError('FORBIDDEN', 'this user is blocked');
  }
  if (op.roles && !op.roles.some((r) => caller.roles.has(r))) {
    throw new AppError('FORBIDDEN', `needs one of the roles: ${op.roles.join(', ')}`);
  }
}

async function organizationNamed(op: Operation, input: unknown, ctx: Context): Promise<string | null> {
  if (op.organizationOf) return (await op.organizationOf(input, ctx)) ?? null;
  const value = (input as { organizationId?: unknown }).organizationId;
  return typeof value === 'string' ? value : null;
}

/**
 * A caller with user records is bound to their organizations (CONTRACT.md section 6); a caller
 * without any (a patient's own account) is not bound, like an anonymous caller in optional mode.
 */
function guardTenant(caller: Caller, organizationId: string | null): void {
  if (!organizationId || caller.kind === 'anonymous' || isPlatformAdmin(caller)) return;
  if (caller.memberships.length === 0) return;
  const membership = caller.memberships.find((m) => m.organizationId === organizationId);
  if (!membership) throw new AppError('FORBIDDEN', 'this organization is not yours');
  if (membership.blocked) throw new AppError('FORBIDDEN', 'this user is blocked in this organization');
}

/**
 * Roles count in the organization they were given in: an hr of organization A who is only staff
 * in B has no hr rights in B. Of a platform-level record (no organization) only platform_admin
 * counts in an organization, and it passes every check.
 */
function guardRolesIn(op: Operation, caller: Caller, organizationId: string | null): void {
  if (!op.roles || !organizationId || caller.kind === 'anonymous' || caller.isPlatformAdmin) return;
  const held = caller.memberships.filter((m) => !m.blocked && m.organizationId === organizationId);
  if (!op.roles.some((r) => held.some((m) => m.roles.has(r)))) {
    throw new AppError('FORBIDDEN', `needs one of the roles ${op.roles.join(', ')} in this organization`);
  }
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

function itemOf(result: unknown): Record<string, unknown> | undefined {
  if (!result || typeof result !== 'object') return undefined;
  const item = (result as { item?: unknown }).item;
  return item && typeof item === 'object' ? (item as Record<string, unknown>) : (result as Record<string, unknown>);
}

function recordIdOf(result: unknown): string | null {
  const id = itemOf(result)?.id;
  return typeof id === 'string' ? id : null;
}

function organizationIdOf(result: unknown): string | null {
  const org = itemOf(result)?.organizationId;
  return typeof org === 'string' ? org : null;
}
