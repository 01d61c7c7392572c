import { member } from '../../operations/audience.ts';
import { named } from '../../operations/concerned.ts';
import { defineOperation } from '../../operations/operation.ts';
import { asOrganization, organizations } from './organizations.resource.ts';
import { organizationRecord } from './organizations.results.ts';
import { itemResult } from '../../values/results.ts';
import { mergeSettings } from './organizations.settings.ts';

/**
 * The organization named by `id` is the one the call concerns: its admins (the role table) and
 * platform admins may change it; anyone else is FORBIDDEN. `settings` is merged key by key.
 */
export const update = defineOperation({
  ...organizations.declared.update,
  audience: member(),
  summary: 'Update an organization; settings are merged key by key (null: the default)',
  output: itemResult(organizationRecord),
  organizationOf: (input) => named(input.id),
  async handler(ctx, input) {
    const current = await organizations.repo.get(ctx.db, undefined, input.id);
    const settings = input.settings === undefined ? undefined : mergeSettings(current.settings, input.settings);
    const { changes } = await organizations.repo.merge(ctx, current, { ...input, settings });
    return { item: asOrganization(await organizations.repo.patch(ctx.db, undefined, input.id, changes)) };
  },
});
