import type { Context } from './context.ts';

/**
 * Who may call an operation (docs/contract.md, "Audiences and roles"). Every operation declares one; the dispatcher
 * enforces it before the handler runs (src/access/enforce.ts). The roles of `member` and `self`
 * operations come from the role table (src/access/grants.ts).
 */
export type Audience<I = never> =
  | { kind: 'public' }
  | { kind: 'self'; owner?(input: I, ctx: Context): Owner | Promise<Owner>; roles?: readonly string[] }
  | MemberAudience
  | { kind: 'platform' };

/**
 * Whose data a `self` call is: the account (identity id) it belongs to, and the organization whose
 * staff (with a role the table grants) may act for it. `named`: the input names the account
 * itself (a refusal is FORBIDDEN); otherwise the owner was found from a record (NOT_FOUND, so that
 * the record's existence is not given away).
 */
export interface Owner {
  idpUserId: string | null;
  organizationId: string | null;
  named: boolean;
  /** the patient record the data is about, where the owner was found through one (a FHIR read's readOwner) */
  patientId?: string | null;
}

export type OwnerOf<I> = (input: I, ctx: Context) => Owner | Promise<Owner>;

/** Everyone, with or without a token. */
export const everyone = { kind: 'public' } as const satisfies Audience;

/** Platform admins only. */
export const platform = { kind: 'platform' } as const satisfies Audience;

/**
 * Members of the organization the call concerns, holding a role the table grants for the operation.
 * `roles` replaces the table's row (for probes in tests); production operations use the table.
 * `spansOrganizations`: the call may name no organization; the handler then reads only the
 * caller's own organizations (platform admins: all).
 */
export function member(options: { roles?: readonly string[]; spansOrganizations?: boolean } = {}): MemberAudience {
  return { kind: 'member', ...options };
}

export type MemberAudience = { kind: 'member'; roles?: readonly string[]; spansOrganizations?: boolean };

/**
 * The account the data belongs to (and the staff of the owner's organization with a granted role).
 * Without `owner`, any signed-in account acting for itself (e.g. creating an organization).
 */
export function self<I>(owner?: OwnerOf<I>): Audience<I> {
  return owner ? { kind: 'self', owner } : { kind: 'self' };
}

/** The owner named by an identity id in the input (wellness logs, devices, a patient's requests). */
export const ownIdentity = (idpUserId: string | null | undefined, organizationId: string | null = null): Owner => ({
  idpUserId: idpUserId ?? null,
  organizationId,
  named: true,
});
