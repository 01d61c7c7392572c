import { z } from 'zod';
import { signedIn, type Caller, type SignedInCaller } from '../caller/caller.ts';
import type { Db } from '../db/handle.ts';
import { out } from '../values/results.ts';
import { self } from './audience.ts';
import { defineOperation, type Context, type Operation } from './operation.ts';
import type { Reads } from './reads.ts';

/**
 * Consent requests (docs/contract.md, "Consent"; docs/identity.md): a tie staff make to another
 * person's account (an invitation to an organization, a patient record's link to an account)
 * holds only once that person accepts it with their own token. Until then it is a request, open
 * for CONSENT_TTL_MS, that its addressee lists, accepts or declines with the three operations
 * consentOperations declares. The users and patients namespaces keep the requests in their rows.
 */

/** How long a request can be accepted: 14 days from when it was made. */
export const CONSENT_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export type ConsentAnswer = 'accepted' | 'declined';

/**
 * Whether the caller acts for the account `idpUserId` without its consent: it is that account, a
 * platform admin, or (optional mode) a call without a token, which keeps the interface's
 * behaviour. A tie made by such a caller holds at once; anyone else's needs the account's answer.
 */
export function actsFor(caller: Caller, idpUserId: string): boolean {
  return caller.kind === 'anonymous' || (caller.kind === 'user' && (caller.isPlatformAdmin || caller.idpUserId === idpUserId));
}

/** Whether a request with this expiry (unix ms, a bigint on PostgreSQL; null: none) has run out. */
export function hasExpired(expiresAt: number | bigint | null, now: number): boolean {
  return expiresAt !== null && Number(expiresAt) <= now;
}

interface Declared {
  name: string;
  summary: string;
}

/** The request an answer was given to. */
export interface Answered {
  id: string;
  organizationId: string | null;
}

export interface ConsentRequests<A extends z.ZodObject<{ id: z.ZodString }>, Q> {
  namespace: string;
  list: Declared;
  accept: Declared;
  decline: Declared;
  /** One request as its addressee sees it in the list. */
  request: z.ZodType;
  /** The organizationId of an answer (nullable where a request may concern no organization). */
  organizationId: z.ZodType;
  /** What an answer names: the request's id, and what else shows that it is the caller's to answer. */
  answerInput: A;
  /** The list answers patient data (docs/access.md, "The read log"). */
  listReads?: Reads<{ items: Q[] }>;
  /** The caller's open requests, newest first. */
  pendingOf(db: Db, idpUserId: string, now: number): Promise<Q[]>;
  /** Records the caller's answer; NOT_FOUND for a request that is not theirs, INVALID_STATE for one answered or expired. */
  answer(ctx: Context, caller: SignedInCaller, input: z.output<A>, answer: ConsentAnswer): Promise<Answered>;
}

/** The addressee's three operations on its requests: list them, accept one, decline one. */
export function consentOperations<A extends z.ZodObject<{ id: z.ZodString }>, Q>(def: ConsentRequests<A, Q>): Record<'list' | 'accept' | 'decline', Operation> {
  const answering = (declared: Declared, answer: ConsentAnswer) =>
    defineOperation({
      namespace: def.namespace,
      ...declared,
      audience: self(),
      tokenRequired: true,
      writes: true,
      input: def.answerInput,
      output: z.object({ id: out.id(), organizationId: def.organizationId, [answer]: z.literal(true) }),
      async handler(ctx, input) {
        const { id, organizationId } = await def.answer(ctx, signedIn(ctx.caller), input, answer);
        return { id, organizationId, [answer]: true as const };
      },
    });
  return {
    list: defineOperation({
      namespace: def.namespace,
      ...def.list,
      audience: self(),
      tokenRequired: true,
      ...(def.listReads ? { readsPatientData: true, reads: def.listReads } : {}),
      input: z.object({}),
      output: z.object({ items: z.array(def.request) }),
      async handler(ctx) {
        return { items: await def.pendingOf(ctx.db, signedIn(ctx.caller).idpUserId, ctx.now()) };
      },
    }),
    accept: answering(def.accept, 'accepted'),
    decline: answering(def.decline, 'declined'),
  };
}
