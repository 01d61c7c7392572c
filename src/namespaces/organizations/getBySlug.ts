import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { notFound } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { findOrganizationBySlug } from './organizations.repo.ts';
import { shownOrganization } from './organizations.results.ts';
import { itemResult } from '../../values/results.ts';

/** Slugs are stored in lower case; the one asked for is trimmed and lower-cased first. */
export const getBySlug = defineOperation({
  namespace: 'organizations',
  name: 'getBySlug', audience: everyone,
  summary: 'Get an organization by its slug',
  input: z.object({ slug: z.string().trim().toLowerCase().min(1, 'must not be empty').max(64) }),
  /** shown to the caller by organizationFor (index.ts) */
  output: itemResult(shownOrganization),
  async handler(ctx, input) {
    const item = await findOrganizationBySlug(ctx.db, input.slug);
    if (!item) throw notFound('organization');
    return { item };
  },
});
