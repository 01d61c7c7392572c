import { everyone, platform } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, reqStr } from '../../values/fields.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';

/**
 * A platform service category id inside platformServiceCategoryIds. Quotes, backslashes and
 * control characters are refused so that an id's JSON text `"id"` occurs in the stored array text
 * only as that whole element (the list's category filter relies on it).
 */
const plainId = (v: string) => ![...v].some((c) => c === '"' || c === '\\' || c.charCodeAt(0) < 0x20);
export const categoryId = () => id().refine(plainId, 'must not contain quotes, backslashes or control characters');
export const categoryIds = () =>
  z
    .array(categoryId())
    .max(100)
    .transform((ids) => [...new Set(ids)]);
export const imageUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2048);
export const title = () => z.string().trim().max(500);
export const orderLevel = () => z.int().min(0).max(1_000_000);

/** `orderLevel`: position on the home screen, lowest first (0 when not given); `platformServiceCategoryIds`: each id once, in the order first given. */
export type HomeCollectionRecord = ResourceRecord<'homeCollections'>;

/**
 * Home-screen collections: platform-wide content, no organization, read by everyone. getById is
 * generated; create, update, delete (platform admins) and the list are written by hand with this
 * repository.
 */
export const homeCollections = defineResource({
  namespace: 'homeCollections',
  audience: platform,
  audiences: { getById: everyone },
  table: 'homeCollections',
  scope: 'platform',
  generate: ['getById'],
  fields: {
    name: { kind: 'string', required: true, schema: reqStr().max(200) },
    orderLevel: { kind: 'int', schema: orderLevel(), default: 0 },
    imageUrl: { kind: 'string', schema: imageUrl() },
    webImageUrl: { kind: 'string', schema: imageUrl() },
    subTitle: { kind: 'string', schema: title() },
    organizationTypeId: { kind: 'string', required: true, schema: id() },
    platformServiceCategoryIds: { kind: 'strings', schema: categoryIds(), default: [] },
    gridTitle: { kind: 'string', schema: title() },
    featuredTitle: { kind: 'string', schema: title() },
  },
  // null puts the defaults back: the columns are never null.
  prepare: (record) => ({ ...record, orderLevel: record.orderLevel ?? 0, platformServiceCategoryIds: record.platformServiceCategoryIds ?? [] }),
});

