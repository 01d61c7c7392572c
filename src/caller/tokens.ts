import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config.ts';

const ALG = 'HS256';

export interface IssuedToken {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
}

/** How long a backend client's access token lasts (SMART Backend Services recommends at most five minutes). */
export const CLIENT_TOKEN_TTL_SECONDS = 300;

/** What a backend client's access token carries (docs/fhir.md, "Authorization"). */
export interface ClientGrant {
  clientId: string;
  organizationId: string;
  /** the scopes granted, space-separated (OAuth's `scope`) */
  scope: string;
}

/** How long a token narrowed to SMART scopes lasts at most (never beyond the token it was exchanged for). */
export const SMART_TOKEN_TTL_SECONDS = 300;

/**
 * What a token narrowed to SMART `user/` or `patient/` scopes carries besides its subject and
 * version (docs/fhir.md, "Apps acting for a person").
 */
export interface SmartGrant {
  /** the scopes granted, space-separated (OAuth's `scope`) */
  scope: string;
  /** the patient record the token acts for (patient/ scopes); absent for user/ scopes */
  patient?: string;
}

/** Verified tokens kept so a token is checked once, not on every request (until it expires). */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  readonly #verified = new Map<string, Verified>();
  readonly #secret: Uint8Array;
  readonly #issuer: string;
  readonly #ttl: number;
  readonly #oidc: { keys: JWTVerifyGetKey; issuer: string | undefined; audience: string | undefined } | undefined;

  readonly #now: () => number;

  constructor(config: Config, now: () => number = Date.now) {
    this.#now = now;
    this.#secret = new TextEncoder().encode(config.auth.jwtSecret);
    this.#issuer = config.auth.issuer;
    this.#ttl = config.auth.tokenTtlSeconds;
    const oidc = config.auth.oidc;
    this.#oidc = oidc ? { keys: createRemoteJWKSet(new URL(oidc.jwksUrl)), issuer: oidc.issuer, audience: oidc.audience } : undefined;
  }

  /** `version`: the identity's token version (claim `ver`; 0 is left out). */
  async issue(subject: string, version = 0): Promise<IssuedToken> {
    const accessToken = await new SignJWT(version ? { ver: version } : {})
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(this.#issuer)
      .setIssuedAt()
      .setExpirationTime(`${this.#ttl}s`)
      .sign(this.#secret);
    return { accessToken, tokenType: 'Bearer', expiresIn: this.#ttl };
  }

  /**
   * A backend client's access token: a token of this service (its key, its issuer) whose claims
   * name the client, its organization and its scopes; its subject (`client:<id>`) is no identity.
   */
  async issueClient(grant: ClientGrant): Promise<IssuedToken> {
    const accessToken = await new SignJWT({ [CLIENT_CLAIM]: grant.clientId, org: grant.organizationId, scope: grant.scope })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(`client:${grant.clientId}`)
      .setIssuer(this.#issuer)
      .setIssuedAt()
      .setExpirationTime(`${CLIENT_TOKEN_TTL_SECONDS}s`)
      .sign(this.#secret);
    return { accessToken, tokenType: 'Bearer', expiresIn: CLIENT_TOKEN_TTL_SECONDS };
  }

  /**
   * A user's token narrowed to SMART scopes (a token exchange): the identity's subject and version
   * as its own token has them, the scopes and the patient, lasting `ttlSeconds`.
   */
  async issueSmart(subject: string, version: number, grant: SmartGrant, ttlSeconds: number): Promise<IssuedToken> {
    const accessToken = await new SignJWT({ ...(version ? { ver: version } : {}), [SMART_CLAIM]: grant.scope, ...(grant.patient ? { patient: grant.patient } : {}) })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(this.#issuer)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.#secret);
    return { accessToken, tokenType: 'Bearer', expiresIn: ttlSeconds };
  }

  /** The token's subject (idpUserId), or undefined when the token is invalid, expired or malformed, a backend client's or narrowed to SMART scopes. */
  async verify(token: string): Promise<string | undefined> {
    const verified = await this.verifyIssued(token);
    return verified?.client || verified?.smart ? undefined : verified?.subject;
  }

  /** The token's subject and version, or undefined when it is invalid, expired or malformed. */
  async verifyIssued(token: string): Promise<Verified | undefined> {
    const known = this.#verified.get(token);
    if (known) {
      if (known.expiresAtMs > this.#now()) return known;
      this.#verified.delete(token);
    }
    const verified = await this.#verify(token);
    if (verified) {
      if (this.#verified.size >= VERIFIED_CACHE_SIZE) this.#verified.delete(this.#verified.keys().next().value!);
      this.#verified.set(token, verified);
    }
    return verified;
  }

  async #verify(token: string): Promise<Verified | undefined> {
    try {
      const { alg } = decodeProtectedHeader(token);
      if (alg === ALG) {
        const { payload } = await jwtVerify(token, this.#secret, { issuer: this.#issuer, algorithms: [ALG], currentDate: new Date(this.#now()) });
        const verified = verifiedOf(payload, this.#now());
        // Only this service's own tokens name a backend client or SMART scopes: an outside provider's claims never do.
        if (verified && CLIENT_CLAIM in payload) return withClient(verified, payload);
        return verified && SMART_CLAIM in payload ? withSmart(verified, payload) : verified;
      }
      if (!this.#oidc) return undefined;
      const { payload } = await jwtVerify(token, this.#oidc.keys, {
        ...(this.#oidc.issuer ? { issuer: this.#oidc.issuer } : {}),
        ...(this.#oidc.audience ? { audience: this.#oidc.audience } : {}),
        currentDate: new Date(this.#now()),
      });
      return verifiedOf(payload, this.#now());
    } catch {
      return undefined;
    }
  }
}

export interface Verified {
  subject: string;
  /** the identity's token version when the token was issued (claim `ver`; 0 when absent) */
  version: number;
  expiresAtMs: number;
  /** a backend client's token: the client, its organization and scopes */
  client?: ClientGrant;
  /** a user's token narrowed to SMART scopes: they, and the patient */
  smart?: SmartGrant;
}

/** The claim naming the backend client a token was issued to. */
const CLIENT_CLAIM = 'client_id';

function withClient(verified: Verified, payload: JWTPayload): Verified | undefined {
  const { [CLIENT_CLAIM]: clientId, org, scope } = payload;
  if (typeof clientId !== 'string' || typeof org !== 'string' || typeof scope !== 'string') return undefined;
  return { ...verified, client: { clientId, organizationId: org, scope } };
}

/** The claim holding the SMART scopes of a narrowed user's token. */
const SMART_CLAIM = 'scope';

function withSmart(verified: Verified, payload: JWTPayload): Verified | undefined {
  const { [SMART_CLAIM]: scope, patient } = payload;
  if (typeof scope !== 'string' || (patient !== undefined && typeof patient !== 'string')) return undefined;
  return { ...verified, smart: patient === undefined ? { scope } : { scope, patient } };
}

/** A token without an expiry is accepted for at most a minute before it is checked again. */
function verifiedOf(payload: JWTPayload, now: number): Verified | undefined {
  if (!payload.sub) return undefined;
  const version = typeof payload.ver === 'number' && Number.isSafeInteger(payload.ver) ? payload.ver : 0;
  return { subject: payload.sub, version, expiresAtMs: payload.exp ? payload.exp * 1000 : now + 60_000 };
}

export function tokenFromHeaders(headers: Record<string, string | string[] | undefined>): string | undefined | null {
  const direct = headers['x-idp-access-token'];
  if (typeof direct === 'string') return direct.trim() || null;
  const authorization = headers.authorization;
  if (typeof authorization !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  // A header that is present but not a bearer token is malformed: 401, not anonymous.
  return match?.[1] ?? null;
}

const services = new WeakMap<Config, TokenService>();

/**
 * The TokenService of a configuration, one per configuration in the process: it holds the key,
 * the cache of verified tokens and, with OIDC, the remote key set, which the dispatcher (to
 * verify) and auth's operations (to issue) share.
 */
export function tokenService(config: Config): TokenService {
  let service = services.get(config);
  if (!service) {
    service = new TokenService(config);
    services.set(config, service);
  }
  return service;
}
