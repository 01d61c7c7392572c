import type { Selectable } from 'kysely';
import { z } from 'zod';
import { MAX_SCOPES, SYSTEM_READ_SCOPE } from '../../caller/smart-scopes.ts';
import { fromJsonText, parseJsonArray } from '../../values/record.ts';
import { out } from '../../values/results.ts';
import type { FhirClientsTable } from './fhirClients.table.ts';

/** The signing algorithms SMART Backend Services names for client assertions. */
export const ASSERTION_ALGORITHMS = ['RS384', 'ES384'] as const;

const part = (max: number) => z.string().min(1).max(max);

/**
 * One public key of a client (RFC 7517), an RSA key (RS384) or a P-384 EC key (ES384). A key with
 * a private part (`d`) is refused: the client keeps its private key, the service never holds it.
 */
export const publicJwk = z.object({
  kty: z.enum(['RSA', 'EC']),
  kid: part(256).optional(),
  alg: z.enum(ASSERTION_ALGORITHMS).optional(),
  use: z.literal('sig').optional(),
  key_ops: z.array(part(32)).max(8).optional(),
  n: part(2048).optional(),
  e: part(16).optional(),
  crv: z.literal('P-384').optional(),
  x: part(128).optional(),
  y: part(128).optional(),
  d: z.never({ error: 'a private key: register the public key only' }).optional(),
});
export type PublicJwk = z.infer<typeof publicJwk>;

export const jwkSet = z.object({ keys: z.array(publicJwk).min(1).max(10) });

/** The scopes a client may be registered with: system read scopes (a backend client acts for no user or patient). */
export const scopesToRegister = z
  .array(
    z.string().max(100).regex(SYSTEM_READ_SCOPE, 'must be a system read scope: system/*.read, system/Patient.read, system/Patient.rs ...').meta({ examples: ['system/*.read'] }),
  )
  .min(1)
  .max(MAX_SCOPES);

export const fhirClientResult = out
  .record({
    id: out.id(),
    organizationId: out.id(),
    name: out.text(),
    jwks: z.object({ keys: z.array(out.object()) }).nullable(),
    jwksUrl: out.text().nullable(),
    scopes: out.strings(),
    createdBy: out.text().nullable(),
    revokedAt: out.ts().nullable(),
    createdAt: out.ts(),
    updatedAt: out.ts(),
  })
  .meta({ title: 'fhirClient' });

/** A client as the operations answer it (its public keys included: nothing in it is secret). */
export function clientOf(row: Selectable<FhirClientsTable>) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    jwks: row.jwks === null ? null : (fromJsonText<{ keys: Record<string, unknown>[] }>(row.jwks) ?? null),
    jwksUrl: row.jwksUrl,
    scopes: parseJsonArray(row.scopes),
    createdBy: row.createdBy,
    revokedAt: row.revokedAt === null ? null : Number(row.revokedAt),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}
