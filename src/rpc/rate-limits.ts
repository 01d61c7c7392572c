import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ConfigError, type Config, type RateWindow } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { AppError } from '../values/errors.ts';
import type { Context, Operation, RateLimit } from '../operations/operation.ts';
import { DatabaseRateLimiter, deleteEndedCounters } from './rate-limit-store.ts';

/** How often a process clears the counters whose window has ended. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * The rate limits declared on operations (`rateLimits`), counted before the handler runs. A limit's
 * window can be configured as `RATE_LIMIT_<NAME>=<points>/<seconds>`, the name being the limit's in
 * upper snake case (`auth.login:identifier` -> `RATE_LIMIT_AUTH_LOGIN_IDENTIFIER`). With the
 * `database` store (the default) every process of a deployment counts against one number.
 */
export class RateLimits {
  readonly #database: DatabaseHandle;
  readonly #config: Config['rateLimits'];
  readonly #now: () => number;
  readonly #limiters = new Map<string, RateLimiterAbstract>();
  #sweptAt = 0;

  readonly #keySecret: string;

  constructor(operations: Operation[], database: DatabaseHandle, config: Config, now: () => number) {
    rejectUnknownVariables(operations, config.rateLimits.windows);
    this.#database = database;
    this.#config = config.rateLimits;
    this.#now = now;
    this.#keySecret = counterKeySecret(config);
  }

  /** Counts the call against each of the operation's limits; over one: RATE_LIMITED with the seconds to wait. */
  async check(op: Operation, input: unknown, ctx: Context): Promise<void> {
    if (op.rateLimits.length > 0) await this.#sweepIfDue(ctx.log);
    for (const rule of op.rateLimits) {
      const key = rule.key(input, ctx);
      if (key === undefined) continue;
      try {
        await this.#limiter(rule).consume(key.toLowerCase());
      } catch (e) {
        if (!(e instanceof RateLimiterRes)) throw e;
        if (await this.#spares(op, rule, input, ctx)) continue;
        const retryAfterSeconds = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
        throw new AppError('RATE_LIMITED', `too many attempts; retry in ${retryAfterSeconds} s`, { retryAfterSeconds });
      }
    }
  }

  /** After a successful call: gives back its point, or starts the count again, where a limit says so. */
  async succeeded(op: Operation, input: unknown, ctx: Context): Promise<void> {
    for (const rule of op.rateLimits) {
      const key = rule.onSuccess ? rule.key(input, ctx)?.toLowerCase() : undefined;
      if (key === undefined) continue;
      const limiter = this.#limiter(rule);
      // The call has succeeded: a counter that cannot be corrected now only errs on the strict side.
      await (rule.onSuccess === 'reset' ? limiter.delete(key) : limiter.reward(key, 1)).catch((err: unknown) =>
        ctx.log.warn({ err, limit: rule.name }, 'correcting a rate-limit counter after a success failed'),
      );
    }
  }

  /**
   * A limit that spares callers not counted by another: read after this call's own points were
   * taken, so calls of the same caller running at the same time count as earlier ones.
   */
  async #spares(op: Operation, rule: RateLimit<unknown>, input: unknown, ctx: Context): Promise<boolean> {
    const other = rule.sparesUncountedBy === undefined ? undefined : op.rateLimits.find((r) => r.name === rule.sparesUncountedBy);
    if (!other) return false;
    const key = other.key(input, ctx);
    if (key === undefined) return false;
    const counted = await this.#limiter(other).get(key.toLowerCase());
    return (counted?.consumedPoints ?? 0) <= 1;
  }

  #limiter(rule: RateLimit<unknown>): RateLimiterAbstract {
    let limiter = this.#limiters.get(rule.name);
    if (!limiter) {
      const window = this.#config.windows[variableOf(rule.name)] ?? { points: rule.points, seconds: rule.durationSeconds };
      const limit = { keyPrefix: rule.name, points: window.points, duration: window.seconds };
      limiter =
        this.#config.store === 'memory'
          ? new RateLimiterMemory(limit)
          : new DatabaseRateLimiter({ ...limit, database: this.#database, now: this.#now, secret: this.#keySecret });
      this.#limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  /** Ended counters restart on their next use anyway; clearing them keeps the table to the live ones. */
  async #sweepIfDue(log: FastifyBaseLogger): Promise<void> {
    const now = this.#now();
    if (this.#config.store !== 'database' || now - this.#sweptAt < SWEEP_INTERVAL_MS) return;
    this.#sweptAt = now;
    await deleteEndedCounters(this.#database, now).catch((err: unknown) => log.warn({ err }, 'clearing ended rate-limit counters failed'));
  }
}

/** `auth.sendOtp:identifier` -> `RATE_LIMIT_AUTH_SEND_OTP_IDENTIFIER` */
export function variableOf(ruleName: string): string {
  return `RATE_LIMIT_${ruleName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[.:]/g, '_').toUpperCase()}`;
}

/** A window configured for a limit no operation declares is a mistake in the configuration: stop at start. */
function rejectUnknownVariables(operations: Operation[], windows: Record<string, RateWindow>): void {
  const known = new Set(operations.flatMap((op) => op.rateLimits.map((rule) => variableOf(rule.name))));
  const unknown = Object.keys(windows).filter((variable) => !known.has(variable));
  if (unknown.length === 0) return;
  const lines = unknown.map((variable) => `${variable}: names no rate limit (known: ${[...known].sort().join(', ')})`);
  throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`);
}

/** The key of the counters' HMAC (rate-limit-store.ts storedKey): derived from the token secret, a key of its own. */
export function counterKeySecret(config: Config): string {
  return createHmac('sha256', config.auth.jwtSecret).update('rate-limit-counter-keys').digest('hex');
}
