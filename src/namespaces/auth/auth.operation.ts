import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { everyone } from '../../operations/audience.ts';
import { defineOperation, type Context, type Operation, type OperationDef } from '../../operations/operation.ts';
import { recordAudit } from '../../audit-trail/trail.ts';
import type { IdentityRow } from './auth.identities.ts';
import { LIMITS, perAddress } from './auth.limits.ts';

/**
 * An operation of the account's way in (sign-up, sign-in, codes, password reset): open to everyone,
 * opening its own short transactions (it hashes a password or calls a provider first), and limited
 * per address by its entry in LIMITS, ahead of the limits it declares itself.
 */
export function accountEntryOperation<S extends z.ZodType, R, O extends z.ZodType = z.ZodType>(
  def: Omit<OperationDef<S, O, R>, 'namespace' | 'audience' | 'writes'> & { name: keyof typeof LIMITS },
): Operation {
  return defineOperation({
    ...def,
    namespace: 'auth',
    audience: everyone,
    writes: 'manual',
    rateLimits: [perAddress(`auth.${def.name}`, LIMITS[def.name].address), ...(def.rateLimits ?? [])],
  });
}

/** Runs `write` in one transaction with the audit row of `operation` (the identity written is its record); answers that identity. */
export function writeIdentity(ctx: Context, operation: string, write: (trx: Db, now: number) => Promise<IdentityRow>): Promise<IdentityRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await write(trx, ctx.now());
    await recordAudit(trx, ctx, { operation, recordId: row.id, organizationId: null });
    return row;
  });
}
