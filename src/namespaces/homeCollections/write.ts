import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedAnswer } from '../../values/results.ts';
import { homeCollections } from './homeCollections.resource.ts';

const { repo } = homeCollections;

/** create: the generated schema (name*, organizationTypeId*; the rest optional). */
export const create = defineOperation({
  ...homeCollections.declared.create,
  summary: 'Add a home-screen collection (platform admins)',
  async handler(ctx, input) {
    return { item: await repo.insert(ctx.db, await repo.build(ctx, input)) };
  },
});

/** update: name and organizationTypeId are never cleared; platformServiceCategoryIds is not nullable (interface). */
export const updateInput = z.object({
  id: id(),
  ...homeCollections.schemas.fields.optional('name', 'organizationTypeId', 'platformServiceCategoryIds'),
  ...homeCollections.schemas.fields.nullish('orderLevel', 'imageUrl', 'webImageUrl', 'subTitle', 'gridTitle', 'featuredTitle'),
});


export const update = defineOperation({
  ...homeCollections.declared.update,
  summary: 'Change a home-screen collection (platform admins)',
  input: updateInput,
  async handler(ctx, input) {
    const current = await repo.get(ctx.db, undefined, input.id);
    const { changes } = await repo.merge(ctx, current, input);
    return { item: await repo.patch(ctx.db, undefined, input.id, changes) };
  },
});

export const remove = defineOperation({
  ...homeCollections.declared.delete,
  summary: 'Remove a home-screen collection (platform admins)',
  async handler(ctx, input) {
    await repo.remove(ctx.db, undefined, input.id);
    return deletedAnswer(input.id);
  },
});
