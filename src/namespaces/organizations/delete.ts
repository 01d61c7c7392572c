import { platform } from '../../operations/audience.ts';
import { AppError } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { organizations } from './organizations.resource.ts';
import { tableWithRecordsOf } from './organizations.repo.ts';
import { deletedAnswer } from '../../values/results.ts';

/**
 * Needs a platform_admin token in every auth mode. Only an organization without any records
 * (users, patients, wards, ... in any table with an organizationId; the audit log excepted) can be
 * deleted; one in use is deactivated instead (update isActive false).
 */
export const remove = defineOperation({
  ...organizations.declared.delete,
  audience: platform,
  tokenRequired: true,
  summary: 'Delete an organization that has no records (role platform_admin)',
  organizationOf: (input) => input.id,
  async handler(ctx, input) {
    await organizations.repo.get(ctx.db, undefined, input.id);
    const table = await tableWithRecordsOf(ctx.db, ctx.dialect, input.id);
    if (table) throw new AppError('INVALID_STATE', `the organization still has ${table} records: deactivate it (isActive false) instead`);
    await organizations.repo.remove(ctx.db, undefined, input.id);
    return deletedAnswer(input.id);
  },
});
