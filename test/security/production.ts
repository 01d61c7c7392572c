import assert from 'node:assert/strict';
import type { ApiResponse, TestApp, TestAppOptions } from '../harness.ts';
import { nextIp, uniqueEmail } from '../../src/namespaces/auth/auth.testkit.ts';

/**
 * The service as it runs in production (NODE_ENV=production, so AUTH_MODE=required and every
 * development switch off): the mode the attacks of issue 24 were tried in.
 */
export const productionEnv: Record<string, string> = {
  NODE_ENV: 'production',
  AUTH_JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
};

export const production = (extra: TestAppOptions = {}): TestAppOptions => ({ ...extra, env: { ...productionEnv, ...extra.env } });

export interface Account {
  token: string;
  idpUserId: string;
  email: string;
}

/** A data answer, failing the test with the error when the call did not succeed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function ok(response: ApiResponse): any {
  assert.equal(response.statusCode, 200, JSON.stringify(response.body));
  return response.body.data;
}

/** An ordinary account, made the way anyone on the internet makes one: auth.signUp. */
export async function account(t: TestApp, name = 'person'): Promise<Account> {
  const email = uniqueEmail(name);
  const data = ok(await t.call('auth', 'signUp', { email, password: 'a long enough password 1', name }, { ip: nextIp() }));
  return { token: data.accessToken, idpUserId: data.user.id, email };
}

/** An account with an organization of its own (its first admin), as organizations.create makes it. */
export async function accountWithOrganization(t: TestApp, name = 'owner', type = 'clinic'): Promise<Account & { organizationId: string }> {
  const owner = await account(t, name);
  const slug = `${name}-${owner.idpUserId.slice(-12)}`.toLowerCase();
  const created = ok(await t.call('organizations', 'create', { name: `${name} ${type}`, slug, type }, { token: owner.token }));
  return { ...owner, organizationId: created.item.id };
}
