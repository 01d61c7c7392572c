import { tokenService } from '../../caller/tokens.ts';
import type { Context } from '../../operations/operation.ts';
import { toIdentityRecord, type IdentityRecord, type IdentityRow } from './auth.identities.ts';

/** What signUp, login, verifyOtp and socialSignUpCallback answer. */
export interface SignedIn {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  user: IdentityRecord;
}

/** Issues an access token whose `sub` is the identity id. */
export async function signedIn(ctx: Context, identity: IdentityRow): Promise<SignedIn> {
  const token = await tokenService(ctx.config).issue(identity.id, identity.tokenVersion);
  return { ...token, user: toIdentityRecord(identity) };
}
