import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Caller } from '../auth/caller.ts';
import type { Config } from '../config.ts';
import type { Db, Dialect } from '../db/database.ts';
import type { Services } from '../services.ts';

export interface Context {
  /** Inside a writing operation this is already the operation's transaction. */
  db: Db;
  dialect: Dialect;
  config: Config;
  services: Services;
  caller: Caller;
  requestId: string;
  /** The caller's network address. */
  ip: string;
  log: FastifyBaseLogger;
  now(): number;
}

export interface RateLimit<I> {
  /** Unique name of the limit, e.g. `login:identifier`. */
  name: string;
  points: number;
  durationSeconds: number;
  /** What is counted: an identifier from the input, or the caller's address. No key, no count. */
  key(input: I, ctx: Context): string | undefined;
}

export interface OperationDef<S extends z.ZodType, R> {
  namespace: string;
  name: string;
  summary?: string;
  /** `optional` (default): a token is allowed, not needed (unless AUTH_MODE=required). `authenticated`: needed. */
  access?: 'optional' | 'authenticated';
  /** When set, the caller needs one of these roles (and so a token). */
  roles?: readonly string[];
  /**
   * `true`: runs in one transaction with its audit row. `manual`: the handler opens its own
   * transactions (it talks to an outside provider) and records audit with recordAudit().
   */
  writes?: boolean | 'manual';
  input: S;
  /** The organization the input names, for the tenancy guard. Default: `input.organizationId`. */
  organizationOf?: (input: z.output<S>, ctx: Context) => string | null | undefined | Promise<string | null | undefined>;
  rateLimits?: RateLimit<z.output<S>>[];
  handler(ctx: Context, input: z.output<S>): Promise<R>;
}

export interface Operation {
  namespace: string;
  name: string;
  summary?: string;
  access: 'optional' | 'authenticated';
  roles?: readonly string[];
  writes: boolean | 'manual';
  input: z.ZodType;
  organizationOf?: (input: unknown, ctx: Context) => string | null | undefined | Promise<string | null | undefined>;
  rateLimits: RateLimit<unknown>[];
  handler(ctx: Context, input: unknown): Promise<unknown>;
}

export function defineOperation<S extends z.ZodType, R>(def: OperationDef<S, R>): Operation {
  return {
    ...def,
    access: def.access ?? (def.roles ? 'authenticated' : 'optional'),
    writes: def.writes ?? false,
    rateLimits: (def.rateLimits ?? []) as RateLimit<unknown>[],
  } as unknown as Operation;
}
