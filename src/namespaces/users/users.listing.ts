import { z } from 'zod';
import { role } from '../../caller/roles.ts';
import { paging } from '../../values/fields.ts';
import { SORT_FIELDS, USER_STATUSES, type Sort } from './users.repo.ts';

/** Schema pieces shared by the listing operations. */

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

export const sortBy = () => z.enum(SORT_FIELDS, { error: `must be one of: ${SORT_FIELDS.join(', ')}` });
/** `asc` or `desc`, in any letter case. */
export const sortOrder = () => z.preprocess(lower, z.enum(['asc', 'desc'], { error: 'must be asc or desc' }));
export const userStatus = () => z.enum(USER_STATUSES, { error: `must be one of: ${USER_STATUSES.join(', ')}` });
/** Free search text; blank means no search. */
export const searchText = () => z.string().max(200);
export const roleFilter = () => role();

export const pagingShape = paging;

/** Default order: newest first. */
export function sortOf(field: Sort['field'] | null | undefined, order: Sort['order'] | null | undefined): Sort {
  return { field: field ?? 'createdAt', order: order ?? 'desc' };
}

export function blankToUndefined(text: string | null | undefined): string | undefined {
  const t = text?.trim();
  return t ? t : undefined;
}
