import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import { pageOfQuery, readPage } from '../../db/paged-list.ts';
import { sortedBy } from '../../db/ordering.ts';
import type { Db } from '../../db/database.ts';
import { containsLiteral, containsText } from '../../db/text-search.ts';
import { EMAIL_ONLY, prefixRange, queryWords } from '../../values/words.ts';
import { indexUserWords } from './users.words.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../values/errors.ts';
import { offsetOf, pageOf, type Page } from '../../values/paging.ts';
import { found } from '../../values/found.ts';
import { users, type UserRecord } from './users.resource.ts';

/** Query functions for the users namespace; each takes the handle (`db` or the transaction) first. */

export const SORT_FIELDS = ['createdAt', 'updatedAt', 'displayName', 'email', 'lastLoginAt', 'yoe', 'averageRatings', 'totalReviews'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const USER_STATUSES = ['active', 'inactive', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const DATE_FIELDS = ['createdAt', 'updatedAt', 'lastLoginAt'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

export interface Sort {
  field: SortField;
  order: 'asc' | 'desc';
}

export interface UserFilters {
  organizationId?: string;
  /** The record belongs to one of these organizations (none: no record). */
  organizationIds?: readonly string[] | undefined;
  /** Case-insensitive substring of displayName or email. */
  search?: string | undefined;
  /** The record holds at least one of these roles. */
  anyRole?: readonly string[] | undefined;
  /** Derived status, any of. */
  statuses?: readonly UserStatus[] | undefined;
  onboardingStatuses?: readonly string[] | undefined;
  verified?: boolean | null | undefined;
  /** [from, to) in unix ms on one of the date columns. */
  dateRange?: { field: DateField; from?: number | undefined; to?: number | undefined } | undefined;
}

type Eb = ExpressionBuilder<Database, 'users'>;

/** roles is JSON text of known role names, so `"doctor"` inside it is an exact element match. */
function holdsRole(role: string, column = 'roles'): Expression<SqlBool> {
  return containsLiteral(column, JSON.stringify(role));
}

function statusIs(eb: Eb, status: UserStatus): Expression<SqlBool> {
  switch (status) {
    case 'active':
      return eb.and([
        eb.or([eb('isActive', 'is', null), eb('isActive', '=', true)]),
        eb.or([eb('isBlocked', 'is', null), eb('isBlocked', '=', false)]),
      ]);
    case 'inactive':
      return eb('isActive', '=', false);
    case 'blocked':
      return eb('isBlocked', '=', true);
  }
}

function conditions(eb: Eb, f: UserFilters): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (f.organizationId !== undefined) all.push(eb('organizationId', '=', f.organizationId));
  if (f.organizationIds !== undefined) all.push(f.organizationIds.length ? eb('organizationId', 'in', [...f.organizationIds]) : sql<SqlBool>`1 = 0`);
  if (f.search) {
    all.push(eb.or([containsText('displayName', f.search), containsText('email', f.search)]));
  }
  if (f.anyRole?.length) all.push(eb.or(f.anyRole.map((r) => holdsRole(r))));
  if (f.statuses?.length) all.push(eb.or(f.statuses.map((s) => statusIs(eb, s))));
  if (f.onboardingStatuses?.length) all.push(eb('onboardingStatus', 'in', [...f.onboardingStatuses]));
  if (f.verified === true) all.push(eb('isVerified', '=', true));
  if (f.verified === false) all.push(eb.or([eb('isVerified', 'is', null), eb('isVerified', '=', false)]));
  if (f.dateRange?.from !== undefined) all.push(eb(f.dateRange.field, '>=', f.dateRange.from));
  if (f.dateRange?.to !== undefined) all.push(eb(f.dateRange.field, '<', f.dateRange.to));
  return eb.and(all);
}

const TEXT_SORTS: ReadonlySet<SortField> = new Set(['displayName', 'email']);
const NOT_NULL_SORTS: ReadonlySet<SortField> = new Set(['createdAt', 'updatedAt', 'email']);

/** One page of user records matching every filter; nulls sort last in both directions on both databases. */
export async function pageUsers(db: Db, filters: UserFilters, sort: Sort, page: number, pageSize: number): Promise<Page<UserRecord>> {
  const base = db.selectFrom('users').where((eb) => conditions(eb, filters));
  const order = sortedBy(sort.field, sort.order, { caseless: TEXT_SORTS.has(sort.field), nullable: !NOT_NULL_SORTS.has(sort.field) });
  return pageOfQuery(db, ['users'], base, base.selectAll().orderBy(order), page, pageSize, users.repo.toRecord, users.repo.freeForm);
}

/** The record of `idpUserId` in the organization (null: the platform-level record). */
export async function findByIdpUserId(db: Db, idpUserId: string, organizationId: string | null): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('idpUserId', '=', idpUserId)
    .where((eb) => (organizationId === null ? eb('organizationId', 'is', null) : eb('organizationId', '=', organizationId)))
    .executeTakeFirst();
  return row ? users.repo.toRecord(row) : undefined;
}

/** The person's record in the organization (null: the platform-level one); NOT_FOUND without one. */
export function requireByIdpUserId(db: Db, idpUserId: string, organizationId: string | null): Promise<UserRecord> {
  return found(findByIdpUserId(db, idpUserId, organizationId), 'user');
}

/** Every record of `idpUserId`: the platform-level one first, then by creation. */
export async function allOfIdpUser(db: Db, idpUserId: string): Promise<UserRecord[]> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('idpUserId', '=', idpUserId)
    .orderBy(sql`case when ${sql.ref('organizationId')} is null then 0 else 1 end`)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => users.repo.toRecord(r));
}

/** Applies `changes` to the record `id` (any organization, or none: the caller has found it already). */
export async function patchById(db: Db, id: string, changes: Partial<UserRecord>): Promise<UserRecord> {
  const rows = await db
    .updateTable('users')
    .set(users.repo.toUpdate(changes))
    .where('id', '=', id)
    .returningAll()
    .execute();
  if (!rows[0]) throw notFound('user');
  await indexUserWords(db, rows[0]);
  return users.repo.toRecord(rows[0]);
}

/** Inserts unless a record with the same (idpUserId, organizationId) exists; undefined then. */
export async function insertUnlessExists(db: Db, record: UserRecord): Promise<UserRecord | undefined> {
  const rows = await db
    .insertInto('users')
    .values(users.repo.toInsert(record))
    .onConflict((oc) => oc.expression(sql`${sql.ref('idpUserId')}, coalesce(${sql.ref('organizationId')}, '')`).doNothing())
    .returningAll()
    .execute();
  if (!rows[0]) return undefined;
  await indexUserWords(db, rows[0]);
  return users.repo.toRecord(rows[0]);
}

interface Match {
  id: string;
  createdAt: number;
  /** For each query word, the display-name positions of the user's words it starts (EMAIL_ONLY: an email word). */
  found: number[][];
  rank: number;
}

/**
 * How well a user matches, 0 first: 0 when the display name starts with the query (its i-th word
 * starts the name's i-th word), 1 when every query word starts a word of the display name, else 2.
 */
function rankOf(found: readonly number[][]): number {
  if (found.every((positions, i) => positions.includes(i))) return 0;
  return found.every((positions) => positions.some((p) => p < EMAIL_ONLY)) ? 1 : 2;
}

/**
 * users.search: the organization's users of whom each word of `query` starts a word of the display
 * name or email, optionally holding `role`, ranked (rankOf; newest first within a rank) and paged
 * with an exact total. The matches are the organization's range of userWords for each query word,
 * with their position and createdAt (no user row is read to rank them); only the page's users are read.
 */
export async function searchUsers(db: Db, organizationId: string, query: string, role: string | undefined, page: number, pageSize: number): Promise<Page<UserRecord>> {
  const terms = queryWords(query);
  if (terms.length === 0) return pageOf([], 0, page, pageSize);
  const ranges = terms.map(prefixRange);
  const starting = sql.join(ranges.map(({ from, to }) => sql`(${sql.ref('w.word')} >= ${from} and ${sql.ref('w.word')} < ${to})`), sql` or `);
  const holding = role === undefined ? sql`` : sql` and exists (select 1 from ${sql.table('users')} as r where ${sql.ref('r.id')} = ${sql.ref('w.userId')} and ${holdsRole(role, 'r.roles')})`;
  const { rows } = await sql<{ userId: string; word: string; position: number; createdAt: number | string }>`
    select ${sql.ref('w.userId')}, ${sql.ref('w.word')}, ${sql.ref('w.position')}, ${sql.ref('w.createdAt')} from ${sql.table('userWords')} as w
    where ${sql.ref('w.organizationId')} = ${organizationId} and (${starting})${holding}`.execute(db);
  const byUser = new Map<string, Match>();
  for (const row of rows) {
    let match = byUser.get(row.userId);
    if (!match) byUser.set(row.userId, (match = { id: row.userId, createdAt: Number(row.createdAt), found: terms.map(() => []), rank: 0 }));
    for (let i = 0; i < terms.length; i++) if (row.word.startsWith(terms[i]!)) match.found[i]!.push(row.position);
  }
  const matches: Match[] = [];
  for (const match of byUser.values()) {
    if (match.found.some((positions) => positions.length === 0)) continue;
    match.rank = rankOf(match.found);
    matches.push(match);
  }
  matches.sort((a, b) => a.rank - b.rank || b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const ids = matches.slice(offsetOf(page, pageSize), offsetOf(page, pageSize) + pageSize).map((m) => m.id);
  const found = ids.length ? await readPage(db, db.selectFrom('users').selectAll().where('id', 'in', ids), pageSize, users.repo.freeForm) : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [users.repo.toRecord(row)] : [];
  });
  return pageOf(items, matches.length, page, pageSize);
}
