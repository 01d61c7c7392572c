import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, SignJWT, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config.ts';

const ALG = 'HS256';

export interface IssuedToken {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
}

export class TokenService {
  readonly #secret: Uint8Array;
  readonly #issuer: string;
  readonly #ttl: number;
  readonly #oidc: { keys: JWTVerifyGetKey; issuer: string | undefined; audience: string | undefined } | undefined;

  constructor(config: Config) {
    this.#secret = new TextEncoder().encode(config.auth.jwtSecret);
    this.#issuer = config.auth.issuer;
    this.#ttl = config.auth.tokenTtlSeconds;
    const oidc = config.auth.oidc;
    this.#oidc = oidc ? { keys: createRemoteJWKSet(new URL(oidc.jwksUrl)), issuer: oidc.issuer, audience: oidc.audience } : undefined;
  }

  async issue(subject: string): Promise<IssuedToken> {
    const accessToken = await new SignJWT({})
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(this.#issuer)
      .setIssuedAt()
      .setExpirationTime(`${this.#ttl}s`)
      .sign(this.#secret);
    return { accessToken, tokenType: 'Bearer', expiresIn: this.#ttl };
  }

  /** The token's subject (idpUserId), or undefined when the token is invalid, expired or malformed. */
  async verify(token: string): Promise<string | undefined> {
    try {
      const { alg } = decodeProtectedHeader(token);
      if (alg === ALG) {
        const { payload } = await jwtVerify(token, this.#secret, { issuer: this.#issuer, algorithms: [ALG] });
        return payload.sub || undefined;
      }
      if (!this.#oidc) return undefined;
      const { payload } = await jwtVerify(token, this.#oidc.keys, {
        ...(this.#oidc.issuer ? { issuer: this.#oidc.issuer } : {}),
        ...(this.#oidc.audience ? { audience: this.#oidc.audience } : {}),
      });
      return payload.sub || undefined;
    } catch {
      return undefined;
    }
  }
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
