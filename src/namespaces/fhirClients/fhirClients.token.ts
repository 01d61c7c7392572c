import { createLocalJWKSet, decodeJwt, errors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { covers, MAX_SCOPES, parseScopes, scopeWords } from '../../caller/smart-scopes.ts';
import { registeredScopes } from '../../caller/clients.ts';
import { tokenService } from '../../caller/tokens.ts';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { outboundRequest, publicOnly } from '../../providers/outbound.ts';
import type { ResolveHost } from '../../provider-interfaces.ts';
import { fromJsonText } from '../../values/record.ts';
import { ASSERTION_ALGORITHMS } from './fhirClients.records.ts';

/**
 * The client-credentials grant of SMART Backend Services
 * (https://hl7.org/fhir/smart-app-launch/backend-services.html; docs/fhir.md, "Authorization"): a
 * registered client proves itself by a JWT signed with its private key and gets an access token of
 * the service for its organization and the scopes it asked, within those it is registered with.
 */

export const CLIENT_CREDENTIALS = 'client_credentials';
export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** How far ahead an assertion may expire (SMART: no more than five minutes). */
const MAX_ASSERTION_LIFETIME_SECONDS = 300;
const MAX_ASSERTION_LENGTH = 16_384;
const MAX_JTI_LENGTH = 256;

export interface TokenDeps {
  database: DatabaseHandle;
  config: Config;
  now(): number;
  /** how a jwksUrl's host is resolved (the service's resolver; tests pass a fake) */
  resolveHost?: ResolveHost | undefined;
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
}

/** A refusal as OAuth words it (RFC 6749 section 5.2): the error code and the HTTP status it goes with. */
export class OAuthError extends Error {
  readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'invalid_scope' | 'unsupported_grant_type';
  readonly status: number;
  constructor(error: OAuthError['error'], description: string) {
    super(description);
    this.error = error;
    this.status = error === 'invalid_client' ? 401 : 400;
  }
}

const invalidClient = (description: string) => new OAuthError('invalid_client', description);

/** The token request's parameters (a form), each given once. */
export type TokenRequest = Record<string, string>;

/** Checks the request and the client's assertion, spends the assertion's jti, and issues the token. */
export async function exchangeAssertion(deps: TokenDeps, request: TokenRequest, tokenEndpoint: string): Promise<TokenAnswer> {
  const { grant_type: grantType, client_assertion_type: assertionType, client_assertion: assertion, scope } = request;
  if (grantType !== CLIENT_CREDENTIALS) throw new OAuthError('unsupported_grant_type', `grant_type must be ${CLIENT_CREDENTIALS} (or the token exchange's)`);
  if (assertionType !== JWT_BEARER) throw new OAuthError('invalid_request', `client_assertion_type must be ${JWT_BEARER}`);
  if (!assertion || assertion.length > MAX_ASSERTION_LENGTH) throw new OAuthError('invalid_request', 'client_assertion (a signed JWT) is required');
  if (scope === undefined || scope.trim() === '') throw new OAuthError('invalid_request', 'scope is required, e.g. system/*.read');

  const client = await clientOfAssertion(deps, assertion);
  const now = deps.now();
  const { jti, exp } = await verifyAssertion(assertion, await keysOf(client, deps.resolveHost), client.id, tokenEndpoint, now);
  const granted = grantedScopes(scope, registeredScopes(client.scopes));
  await spend(deps, client.id, jti, exp * 1000, now);
  const issued = await tokenService(deps.config).issueClient({ clientId: client.id, organizationId: client.organizationId, scope: granted });
  return { access_token: issued.accessToken, token_type: 'bearer', expires_in: issued.expiresIn, scope: granted };
}

interface Client {
  id: string;
  organizationId: string;
  scopes: string;
  jwks: string | null;
  jwksUrl: string | null;
}

/** The client the assertion says it is from (iss), registered and not revoked; invalid_client otherwise. */
async function clientOfAssertion(deps: TokenDeps, assertion: string): Promise<Client> {
  let issuer: unknown;
  try {
    issuer = decodeJwt(assertion).iss;
  } catch {
    throw invalidClient('client_assertion is not a JWT');
  }
  if (typeof issuer !== 'string' || issuer === '' || issuer.length > 64) throw invalidClient('client_assertion has no iss (the client_id)');
  const row = await deps.database.db.selectFrom('fhirClients').select(['id', 'organizationId', 'scopes', 'jwks', 'jwksUrl', 'revokedAt']).where('id', '=', issuer).executeTakeFirst();
  // A revoked client is answered as an unknown one.
  if (!row || row.revokedAt !== null) throw invalidClient('no such client (or it is revoked)');
  return row;
}

/** The assertion's signature by one of the client's keys, its iss, sub, aud, exp and jti (SMART's rules); invalid_client otherwise. */
async function verifyAssertion(assertion: string, keys: JWTVerifyGetKey, clientId: string, tokenEndpoint: string, now: number): Promise<{ jti: string; exp: number }> {
  let payload;
  try {
    ({ payload } = await jwtVerify(assertion, keys, {
      algorithms: [...ASSERTION_ALGORITHMS],
      issuer: clientId,
      subject: clientId,
      audience: tokenEndpoint,
      requiredClaims: ['exp', 'jti'],
      currentDate: new Date(now),
    }));
  } catch (err) {
    throw invalidClient(`client_assertion refused: ${reasonOf(err, tokenEndpoint)}`);
  }
  const { jti, exp } = payload;
  if (typeof jti !== 'string' || jti === '' || jti.length > MAX_JTI_LENGTH) throw invalidClient(`client_assertion's jti must be a text of at most ${MAX_JTI_LENGTH} characters`);
  if (typeof exp !== 'number' || exp > now / 1000 + MAX_ASSERTION_LIFETIME_SECONDS) {
    throw invalidClient(`client_assertion's exp must be at most ${MAX_ASSERTION_LIFETIME_SECONDS} seconds ahead`);
  }
  return { jti, exp };
}

function reasonOf(err: unknown, tokenEndpoint: string): string {
  if (err instanceof errors.JWTExpired) return 'it has expired';
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'aud') return `its aud must be the token endpoint, ${tokenEndpoint}`;
    if (err.reason === 'missing') return `its ${err.claim} is missing`;
    return err.claim === 'iss' || err.claim === 'sub' ? `its ${err.claim} must be the client_id` : `its ${err.claim} does not hold: ${err.message}`;
  }
  if (err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JWKSNoMatchingKey) return 'its signature is not by a key registered for the client';
  if (err instanceof errors.JOSEAlgNotAllowed) return `it must be signed with ${ASSERTION_ALGORITHMS.join(' or ')}`;
  if (err instanceof errors.JOSEError) return 'it is not a valid signed JWT';
  throw err;
}

/** How long a client's key set fetched from its jwksUrl is used before it is fetched again. */
const REMOTE_KEYS_TTL_MS = 5 * 60 * 1000;
const remoteKeys = new Map<string, { keys: JWTVerifyGetKey; until: number }>();

/** The client's public keys: those registered, or those at its jwksUrl (fetched to public addresses only, kept five minutes). */
async function keysOf(client: Client, resolveHost: ResolveHost | undefined): Promise<JWTVerifyGetKey> {
  if (client.jwks !== null) return createLocalJWKSet(fromJsonText<JSONWebKeySet>(client.jwks) ?? { keys: [] });
  const url = client.jwksUrl!;
  const known = remoteKeys.get(url);
  if (known && known.until > Date.now()) return known.keys;
  let set: JSONWebKeySet;
  try {
    const answer = await outboundRequest(url, publicOnly(resolveHost), { method: 'GET', headers: { accept: 'application/json' }, timeoutMs: 5000, maxBodyBytes: 256 * 1024 });
    if (!answer.ok) throw new Error(`status ${answer.status}`);
    set = JSON.parse(answer.text) as JSONWebKeySet;
    if (!Array.isArray(set.keys)) throw new Error('no keys');
  } catch {
    throw invalidClient('the client\'s jwksUrl did not answer a JWK set');
  }
  const keys = createLocalJWKSet(set);
  remoteKeys.set(url, { keys, until: Date.now() + REMOTE_KEYS_TTL_MS });
  return keys;
}

/** The scopes asked (OAuth's `scope`), each covered by one the client is registered with; invalid_scope otherwise. */
function grantedScopes(scope: string, registered: ReturnType<typeof registeredScopes>): string {
  const words = scopeWords(scope);
  if (words.length > MAX_SCOPES) throw new OAuthError('invalid_scope', `at most ${MAX_SCOPES} scopes`);
  const asked = parseScopes(words.join(' '));
  if (!asked) throw new OAuthError('invalid_scope', 'only read scopes are served: system/*.read, system/Patient.read, system/Patient.rs ...');
  const refused = words.filter((_, index) => !registered.some((held) => covers(held, asked[index]!)));
  if (refused.length > 0) throw new OAuthError('invalid_scope', `not registered for this client: ${refused.join(' ')}`);
  return words.join(' ');
}

/** Records the assertion's jti until it expires; one seen before is invalid_client. Expired ones are swept on the way. */
async function spend(deps: TokenDeps, clientId: string, jti: string, expiresAt: number, now: number): Promise<void> {
  const { db } = deps.database;
  await db.deleteFrom('fhirClientAssertions').where('expiresAt', '<=', now).execute();
  const stored = await db
    .insertInto('fhirClientAssertions')
    .values({ clientId, jti, expiresAt })
    .onConflict((conflict) => conflict.columns(['clientId', 'jti']).doNothing())
    .returning('jti')
    .execute();
  await deps.database.durable();
  if (stored.length === 0) throw invalidClient('client_assertion was used before (its jti)');
}
