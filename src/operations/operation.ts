import type { z } from 'zod';
import type { Audience } from './audience.ts';
import type { Context } from './context.ts';
import type { OrganizationAnswer } from './concerned.ts';
import type { Reads } from './reads.ts';
import { subjectFromOutput, type Subject, type SubjectOf } from './subject.ts';

/** What a handler is given (context.ts); exported here too, where handlers import it from. */
export type { Context } from './context.ts';

export interface RateLimit<I> {
  /** Unique name of the limit, e.g. `login:identifier`. */
  name: string;
  points: number;
  durationSeconds: number;
  /** What is counted: an identifier from the input, or the caller's address. No key, no count. */
  key(input: I, ctx: Context): string | undefined;
  /**
   * What a successful call does to its count (default nothing: every call counts). `refund`: its
   * point is given back, so only failed calls count; `reset`: the count starts again.
   */
  onSuccess?: 'refund' | 'reset';
  /**
   * Over this limit, only callers already counted by that other limit of the operation (its name)
   * before this call are refused: the account-wide login limit spares an address that has not
   * failed on the account, so an attacker cannot lock the owner out (src/rpc/rate-limits.ts).
   */
  sparesUncountedBy?: string;
}

/**
 * `O`, the output schema, types what the handler may return: a result its schema does not describe
 * does not compile. Without `output` the answer is `{ ok: true }`-like and unchecked.
 */
/**
 * What a handler may return for an output schema: its input type, read without the index
 * signatures of loose records (a record is answered with the fields its schema names and may carry
 * more: src/values/results.ts) and with lists that may be read-only.
 */
export type Answer<T> = T extends readonly (infer E)[]
  ? readonly Answer<E>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Answer<T[K]> }
    : T;

/** An operation answered as a file (file-answer.ts) at a path of its own, the body of the request being its data. */
export interface Streamed {
  path: string;
  contentTypes: readonly string[];
  /** what the answer is, for /openapi.json, e.g. 'the records, one a line' */
  answer: string;
}

export interface OperationDef<S extends z.ZodType, O extends z.ZodType, R> {
  namespace: string;
  name: string;
  summary?: string;
  /** Who may call it (docs/contract.md, "Audiences and roles"); there is no default. Roles come from src/access/grants.ts. */
  audience: Audience<z.output<S>>;
  /**
   * A permission of its own that the role table grants as `namespace:permission` (fhir:export),
   * instead of `namespace:read` / `namespace:write` (src/access/grants.ts).
   */
  permission?: string;
  /**
   * A token is needed in every mode, also AUTH_MODE=optional (hrmAttendance by the interface, and
   * the extension operations that never were open). Default false: in the optional mode a request
   * without a token reaches what the interface lets it. Public operations never need one.
   */
  tokenRequired?: boolean;
  /** It answers patient data: each call with a token is written to the read log (docs/access.md). */
  readsPatientData?: boolean;
  /** With readsPatientData (required then): the answer's records and the patient each is of (src/operations/reads.ts). */
  reads?: Reads<R>;
  /**
   * `true`: runs in one transaction with its audit row. `manual`: the handler opens its own
   * transactions (it talks to an outside provider) and records audit with recordAudit() (src/audit-trail/trail.ts).
   */
  writes?: boolean | 'manual';
  input: S;
  /**
   * What it answers in `data` (src/values/results.ts): /openapi.json and the typed client describe
   * it, and the test harness checks every answer the tests get against it (docs/api.md, "Results").
   */
  output?: O;
  /** The record a write is about, for the audit trail. Default: read from `output` (src/operations/subject.ts). */
  subject?: SubjectOf<R>;
  /** Answered as a stream at a path of its own, not in the envelope: the path and the content types it sends (/openapi.json says so). */
  streamed?: Streamed;
  /**
   * The organization the call concerns (src/access/organization.ts). Default: `input.organizationId`.
   * A plain string answer not equal to the input's organizationId counts as found from a record.
   */
  organizationOf?: (input: z.output<S>, ctx: Context) => OrganizationAnswer | Promise<OrganizationAnswer>;
  rateLimits?: RateLimit<z.output<S>>[];
  handler(ctx: Context, input: z.output<S>): Promise<R & Answer<z.input<O>>>;
}

export interface Operation {
  namespace: string;
  name: string;
  summary?: string;
  audience: Audience<unknown>;
  permission?: string;
  tokenRequired: boolean;
  readsPatientData: boolean;
  reads?: Reads<unknown>;
  /** The roles that pass a member or self check (the role table's, filled in by the Registry). */
  roles: ReadonlySet<string>;
  writes: boolean | 'manual';
  input: z.ZodType;
  output?: z.ZodType;
  /** The record a write's answer is about (the audit trail). */
  subject(result: unknown): Subject;
  streamed?: Streamed;
  organizationOf?(input: unknown, ctx: Context): OrganizationAnswer | Promise<OrganizationAnswer>;
  rateLimits: RateLimit<unknown>[];
  handler(ctx: Context, input: unknown): Promise<unknown>;
}

export function defineOperation<S extends z.ZodType, R, O extends z.ZodType = z.ZodType>(def: OperationDef<S, O, R>): Operation {
  if (!(def as Partial<typeof def>).audience) throw new Error(`${def.namespace}.${def.name} declares no audience`);
  return {
    ...def,
    tokenRequired: def.tokenRequired ?? false,
    readsPatientData: def.readsPatientData ?? false,
    roles: new Set(def.audience.kind === 'member' || def.audience.kind === 'self' ? (def.audience.roles ?? []) : []),
    writes: def.writes ?? false,
    subject: def.subject ?? subjectFromOutput(def.output),
    rateLimits: def.rateLimits ?? [],
  };
}
