import { importJWK } from 'jose';
import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { checkTarget, publicOnly } from '../../providers/outbound.ts';
import { validationFailed } from '../../values/errors.ts';
import { id, reqStr } from '../../values/fields.ts';
import { newId } from '../../values/ids.ts';
import { itemResult } from '../../values/results.ts';
import { clientOf, fhirClientResult, jwkSet, scopesToRegister, type PublicJwk } from './fhirClients.records.ts';

/**
 * Registers a backend client of the FHIR API for the organization (SMART Backend Services;
 * docs/fhir.md, "Authorization"): its public keys (a JWK set, or the https URL where it publishes
 * one) and the system read scopes it may be given. Answers the client, whose `id` is its OAuth
 * client_id. Admins only (the role table).
 */
export const register = defineOperation({
  namespace: 'fhirClients',
  name: 'register', audience: member(), writes: true, tokenRequired: true,
  summary: 'Register a backend client of the FHIR API (SMART Backend Services): its public keys and scopes; answers its client_id',
  input: z
    .object({
      organizationId: id(),
      name: reqStr().max(200),
      jwks: jwkSet.optional(),
      jwksUrl: z.url({ protocol: /^https$/, error: 'must be an https URL' }).max(2000).optional(),
      scopes: scopesToRegister,
    })
    .refine((input) => (input.jwks === undefined) !== (input.jwksUrl === undefined), { error: 'give the public keys as jwks or as jwksUrl, one of them', path: ['jwks'] }),
  output: itemResult(fhirClientResult),
  async handler(ctx, input) {
    if (input.jwks) await input.jwks.keys.reduce((done, key, index) => done.then(() => assertUsable(key, index)), Promise.resolve());
    if (input.jwksUrl) {
      const checked = await checkTarget(input.jwksUrl, publicOnly(ctx.services.resolveHost));
      if (!checked.ok) throw validationFailed('jwksUrl', checked.reason);
    }
    const now = ctx.now();
    const row = {
      id: newId(),
      organizationId: input.organizationId,
      name: input.name,
      jwks: input.jwks ? JSON.stringify(input.jwks) : null,
      jwksUrl: input.jwksUrl ?? null,
      scopes: JSON.stringify([...new Set(input.scopes)]),
      createdBy: callerId(ctx.caller),
      revokedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await ctx.db.insertInto('fhirClients').values(row).execute();
    return { item: clientOf(row) };
  },
});

const MIN_RSA_BYTES = 2048 / 8;

/** VALIDATION_FAILED unless the key is a public key that verifies RS384 (RSA) or ES384 (P-384) signatures. */
async function assertUsable(key: PublicJwk, index: number): Promise<void> {
  const alg = key.kty === 'RSA' ? 'RS384' : 'ES384';
  const path = `jwks.keys.${index}`;
  if (key.alg !== undefined && key.alg !== alg) throw validationFailed(path, `a ${key.kty} key signs with ${alg}, not ${key.alg}`);
  // What jose verifies RS384 with (and what SMART's RS384 asks): a modulus of 2048 bits or more.
  if (key.kty === 'RSA' && Buffer.from(key.n ?? '', 'base64url').length < MIN_RSA_BYTES) throw validationFailed(path, 'an RSA key must have at least 2048 bits');
  try {
    await importJWK(key, alg);
  } catch {
    throw validationFailed(path, `not a usable ${alg} public key`);
  }
}
