import { platform } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, reqStr } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedResult, itemResult, deletedAnswer } from '../../values/results.ts';
import { categoryIds, homeCollections, imageUrl, orderLevel, title } from './homeCollections.resource.ts';

const { repo, schemas } = homeCollections;

/** create: the generated schema (name*, organizationTypeId*; the rest optional). */
export const create = defineOperation({
  namespace: 'homeCollections',
  name: 'create', audience: platform,
  summary: 'Add a home-screen collection (platform admins)',
  writes: true,
  input: schemas.create,
  output: itemResult(schemas.record),
  async handler(ctx, input) {
    return { item: await repo.insert(ctx.db, await repo.build(ctx, input)) };
  },
});

/** update: name and organizationTypeId are never cleared; platformServiceCategoryIds is not nullable (interface). */
export const updateInput = z.object({
  id: id(),
  name: reqStr().max(200).optional(),
  orderLevel: orderLevel().nullish(),
  imageUrl: imageUrl().nullish(),
  webImageUrl: imageUrl().nullish(),
  subTitle: title().nullish(),
  organizationTypeId: id().optional(),
  platformServiceCategoryIds: categoryIds().optional(),
  gridTitle: title().nullish(),
  featuredTitle: title().nullish(),
});


export const update = defineOperation({
  namespace: 'homeCollections',
  name: 'update', audience: platform,
  summary: 'Change a home-screen collection (platform admins)',
  writes: true,
  input: updateInput,
  output: itemResult(schemas.record),
  async handler(ctx, input) {
    const current = await repo.get(ctx.db, undefined, input.id);
    const { changes } = await repo.merge(ctx, current, input);
    return { item: await repo.patch(ctx.db, undefined, input.id, changes) };
  },
});

export const remove = defineOperation({
  namespace: 'homeCollections',
  name: 'delete', audience: platform,
  summary: 'Remove a home-screen collection (platform admins)',
  writes: true,
  input: schemas.key,
  output: deletedResult,
  async handler(ctx, input) {
    await repo.remove(ctx.db, undefined, input.id);
    return deletedAnswer(input.id);
  },
});
