import type { Operation } from '../../rpc/operation.ts';
import { assertStaffOf, guarded } from './access.ts';
import { getOrganizationSummary } from './getOrganizationSummary.ts';
import { list } from './list.ts';
import { lockOrganizationPayouts } from './payouts.repo.ts';
import { payouts } from './payouts.resource.ts';
import { requestByOrganization } from './requestByOrganization.ts';

const PLATFORM_ADMIN = ['platform_admin'] as const;

/**
 * create, update and delete record what the platform pays out: role platform_admin (a token in
 * every auth mode), serialised per organization with requestByOrganization. getById and
 * listByOrganization: a token of the organization's own staff or of a platform admin (access.ts).
 */
const byName = (name: string) => payouts.operations.find((op) => op.name === name)!;
const adminWrite = (name: string) =>
  guarded(byName(name), (ctx, input) => lockOrganizationPayouts(ctx, input.organizationId), { roles: PLATFORM_ADMIN, access: 'authenticated' });
const staffRead = (name: string) => guarded(byName(name), (ctx, input) => assertStaffOf(ctx, input.organizationId), { access: 'authenticated' });

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
