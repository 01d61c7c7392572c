import { z } from 'zod';

/**
 * Paging of foods.list and foods.search. Foods are ordered by (nameKey, id); a cursor is the
 * base64url text of the JSON pair [nameKey, id] of the last food of a page, and the next page
 * starts after that pair (keyset: an index range, no OFFSET scan). `page` (1-based, OFFSET)
 * is accepted as well; when both are sent the cursor is used and `page` ignored.
 */

export interface CursorKey {
  nameKey: string;
  id: string;
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.nameKey, key.id]), 'utf8').toString('base64url');
}

export function decodeCursor(text: string): CursorKey | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [nameKey, id] = value as unknown[];
    return typeof nameKey === 'string' && typeof id === 'string' && id.length > 0 ? { nameKey, id } : undefined;
  } catch {
    return undefined;
  }
}

const cursor = () =>
  z
    .string()
    .max(2000)
    .transform((text, ctx) => {
      const key = decodeCursor(text);
      if (!key) {
        ctx.addIssue({ code: 'custom', message: 'must be a nextCursor returned by list or search' });
        return z.NEVER;
      }
      return key;
    });

const size = () => z.int().min(1).max(100);

/** `page_size` (the interface's name) or `pageSize` (the service's usual name), 1..100, default 20. */
export const pagingFields = {
  cursor: cursor().nullish(),
  page: z.int().min(1).nullish(),
  page_size: size().nullish(),
  pageSize: size().nullish(),
};

export const DEFAULT_PAGE_SIZE = 20;

/** search's `total` counts at most this many matching foods (docs/wellness.md, "list and search"). */
export const SEARCH_TOTAL_CAP = 1000;

export interface PagingInput {
  cursor?: CursorKey | null | undefined;
  page?: number | null | undefined;
  page_size?: number | null | undefined;
  pageSize?: number | null | undefined;
}

export interface Paging {
  after: CursorKey | undefined;
  /** The page number when paging by number (or the first page of a walk), undefined after a cursor. */
  page: number | undefined;
  pageSize: number;
}

export function pagingOf(input: PagingInput): Paging {
  const pageSize = input.page_size ?? input.pageSize ?? DEFAULT_PAGE_SIZE;
  if (input.cursor) return { after: input.cursor, page: undefined, pageSize };
  return { after: undefined, page: input.page ?? 1, pageSize };
}

/**
 * The answer of list and search. `total`, `totalCapped` and `totalPages` are counted only when no
 * cursor is sent (null on cursor pages). search counts at most SEARCH_TOTAL_CAP matches (or up to
 * the end of the page asked for): with more, `total` is that number and `totalCapped` true.
 */
export interface FoodPage<T> {
  items: T[];
  nextCursor: string | null;
  total: number | null;
  /** true when more foods match than `total` says (search's capped count); false when `total` is exact */
  totalCapped: boolean | null;
  page: number | null;
  pageSize: number;
  totalPages: number | null;
}
