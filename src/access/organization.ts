import type { Caller } from '../caller/caller.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../values/errors.ts';
import type { Context, Operation } from '../operations/operation.ts';
import { foundFrom, named, type Concerned, type OrganizationAnswer } from '../operations/concerned.ts';

const namedInInput = (input: unknown): string | null => {
  const value = (input as { organizationId?: unknown } | null)?.organizationId;
  return typeof value === 'string' ? value : null;
};

/**
 * The organization a call concerns (docs/contract.md, "Tenancy"): the operation's own `organizationOf`,
 * else `organizationId` of the input. A plain string from `organizationOf` counts as named when it
 * is the input's organizationId, else as found from a record.
 */
export async function organizationConcerned(op: Operation, input: unknown, ctx: Context): Promise<Concerned | null> {
  const fromInput = namedInInput(input);
  if (!op.organizationOf) return fromInput === null ? null : named(fromInput);
  const answer = await op.organizationOf(input, ctx);
  if (answer === null || answer === undefined) return null;
  if (typeof answer !== 'string') return answer;
  return answer === fromInput ? named(answer) : foundFrom(answer);
}

type TablesWithOrganization = {
  [T in keyof Database]: Database[T] extends { organizationId: unknown; id: unknown } ? T : never;
}[keyof Database];

/**
 * `organizationOf` for an operation keyed by a record: `organizationId` when the input gives it,
 * else the organization of the record `input[key]` names in `table` (a missing record: NOT_FOUND).
 */
export function organizationOfRecord<I>(table: TablesWithOrganization, key: keyof I & string, what: string = table) {
  return async (input: I, ctx: Context): Promise<OrganizationAnswer> => {
    const given = namedInInput(input);
    if (given !== null) return named(given);
    const recordId = input[key];
    if (typeof recordId !== 'string') return null;
    const organizationId = await recordOrganization(ctx.db, table, recordId);
    if (!organizationId) throw new AppError('NOT_FOUND', `${what} not found`);
    return foundFrom(organizationId);
  };
}

/** The organizationId of one record, or undefined when there is none (or it belongs to no organization). */
export async function recordOrganization(db: Db, table: TablesWithOrganization, recordId: string): Promise<string | undefined> {
  const row = await (db)
    .selectFrom(table as 'patients')
    .select('organizationId')
    .where('id', '=', recordId)
    .executeTakeFirst();
  return row?.organizationId ?? undefined;
}

/**
 * The organization of an identity provider's team (idpTeamId), as far as the caller may know it:
 * to a caller with a token who has no user record there, another organization's team answers
 * exactly like an unknown one (undefined), so that teams cannot be probed. Platform admins and
 * the anonymous callers of the optional mode (whom the audience check then judges) see it.
 */
export function teamOrganizationFor(caller: Caller, organizationId: string | undefined): string | undefined {
  if (organizationId === undefined || caller.kind !== 'user' || caller.isPlatformAdmin) return organizationId;
  return caller.memberships.some((m) => m.organizationId === organizationId) ? organizationId : undefined;
}
