import type { Db } from '../db/database.ts';
import { cachedRead } from '../db/table-cache.ts';
import { parseJsonArray } from '../values/record.ts';
import type { ClientCaller } from './caller.ts';
import { covers, parseScope, parseScopes, type SmartScope } from './smart-scopes.ts';
import type { ClientGrant } from './tokens.ts';

/**
 * The caller of a backend client's token (docs/fhir.md, "Authorization"), read from the client's
 * registration when the request is handled, so that a revocation counts at once: undefined when the
 * client is revoked or gone, or registered in another organization than its token says. The
 * token's scopes count as far as the registration still covers them.
 */
export async function loadClientCaller(db: Db, grant: ClientGrant): Promise<ClientCaller | undefined> {
  // Remembered while nothing has written fhirClients (src/db/table-cache.ts), as callers are.
  const row = await cachedRead(db, ['fhirClients'], `fhirClient:${grant.clientId}`, () =>
    db.selectFrom('fhirClients').select(['organizationId', 'scopes', 'revokedAt']).where('id', '=', grant.clientId).executeTakeFirst(),
  );
  if (!row || row.revokedAt !== null || row.organizationId !== grant.organizationId) return undefined;
  const registered = registeredScopes(row.scopes);
  const scopes = (parseScopes(grant.scope) ?? []).filter((scope) => registered.some((held) => covers(held, scope)));
  return { kind: 'client', clientId: grant.clientId, organizationId: row.organizationId, scopes };
}

/** The scopes a client's registration holds (its `scopes` column). */
export function registeredScopes(column: string): SmartScope[] {
  return parseJsonArray(column).flatMap((text) => parseScope(String(text)) ?? []);
}
