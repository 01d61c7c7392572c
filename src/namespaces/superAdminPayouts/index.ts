import { platform } from '../../operations/audience.ts';
import type { Operation } from '../../operations/operation.ts';
import { getOrganizationSummary } from './getOrganizationSummary.ts';
import { list } from './list.ts';
import { lockOrganizationPayouts } from './superAdminPayouts.repo.ts';
import { payouts } from './superAdminPayouts.resource.ts';
import { requestByOrganization } from './requestByOrganization.ts';

/**
 * create, update and delete record what the platform pays out: platform admins (a token in every
 * auth mode), serialised per organization with requestByOrganization. getById and
 * listByOrganization: members with a role of the table (admin, accountant), a token in every mode.
 */
const byName = (name: string) => payouts.operations.find((op) => op.name === name)!;

/** A generated write for platform admins, after the organization's payout lock (inside its transaction). */
function adminWrite(name: string): Operation {
  const op = byName(name);
  return {
    ...op,
    audience: platform,
    tokenRequired: true,
    async handler(ctx, input) {
      await lockOrganizationPayouts(ctx, (input as { organizationId: string }).organizationId);
      return op.handler(ctx, input);
    },
  };
}
const staffRead = (name: string): Operation => ({ ...byName(name), tokenRequired: true });

export const operations: Operation[] = [
  adminWrite('create'),
  adminWrite('update'),
  adminWrite('delete'),
  staffRead('getById'),
  staffRead('listByOrganization'),
  list,
  getOrganizationSummary,
  requestByOrganization,
];
