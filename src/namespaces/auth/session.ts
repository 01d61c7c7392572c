import { TokenService } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import type { Context } from '../../rpc/operation.ts';
import { toIdentityRecord, type IdentityRecord, type IdentityRow } from './identities.repo.ts';

/** What signUp, login, verifyOtp and socialSignUpCallback answer. */
export interface SignedIn {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  user: IdentityRecord;
}

const services = new WeakMap<Config, TokenService>();

/** One TokenService per configuration (it holds the key and, with OIDC, the remote key set). */
export function tokenService(config: Config): TokenService {
  let service = services.get(config);
  if (!service) {
    service = new TokenService(config);
    services.set(config, service);
  }
  return service;
}

/** Issues an access token whose `sub` is the identity id. */
export async function signedIn(ctx: Context, identity: IdentityRow): Promise<SignedIn> {
  const token = await tokenService(ctx.config).issue(identity.id);
  return { ...token, user: toIdentityRecord(identity) };
}
