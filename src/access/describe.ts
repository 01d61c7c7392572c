import type { Operation } from '../operations/operation.ts';

/** One line on who may call an operation, for /openapi.json, /docs and docs/access.md. */
export function describeAudience(op: Pick<Operation, 'audience' | 'roles' | 'tokenRequired'>): string {
  const roles = [...op.roles].join(', ');
  switch (op.audience.kind) {
    case 'public':
      return 'public (no token needed)';
    case 'platform':
      return 'platform admins';
    case 'member':
      return `members of the organization with role ${roles || '(none)'}${op.audience.spansOrganizations ? ' (or none named: the caller\'s organizations)' : ''}`;
    case 'self':
      return op.audience.owner ? `the account the data belongs to, and its organization's ${roles || '(no role)'}` : 'any signed-in account, for itself';
  }
}
