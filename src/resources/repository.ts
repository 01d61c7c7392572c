import type { Kysely } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import { countOf } from '../db/list-memo.ts';
import { readPage } from '../db/paged-list.ts';
import { lockedIfPostgres } from '../db/locks.ts';
import { containsText } from '../db/text-search.ts';
import type { Context } from '../operations/operation.ts';
import { notFound } from '../values/errors.ts';
import { newId } from '../values/ids.ts';
import { offsetOf, pageOf, type Page } from '../values/paging.ts';
import { decode, encode, type FieldSpec } from './kinds.ts';
import type { ListWhere, ResourceInput, ResourceRecord, ResourceSpec, RowOf, TableName, FieldName } from './spec.ts';

type Loose = Record<string, unknown>;
type AnyDb = Kysely<Record<string, Loose>>;
const anyDb = (db: Db) => db as unknown as AnyDb;

export interface Repository<T extends TableName, I extends FieldName<T> = never> {
  toRecord: (row: RowOf<T>) => ResourceRecord<T, I>;
  /** The JSON and list columns: those no schema bounded before the bounds (what a page caps: src/db/paged-list.ts). */
  freeForm: readonly string[];
  toRow: {
    (record: ResourceRecord<T, I>): RowOf<T>;
    (record: Partial<ResourceRecord<T, I>>): Partial<RowOf<T>>;
  };
  find(db: Db, organizationId: string | undefined, id: string): Promise<ResourceRecord<T, I> | undefined>;
  /** The record, else NOT_FOUND. */
  get(db: Db, organizationId: string | undefined, id: string): Promise<ResourceRecord<T, I>>;
  /** The record, locked for the rest of the transaction (PostgreSQL; SQLite's writer is alone), else NOT_FOUND. */
  lock(db: Db, dialect: Dialect, organizationId: string | undefined, id: string): Promise<ResourceRecord<T, I>>;
  insert(db: Db, record: ResourceRecord<T, I>): Promise<ResourceRecord<T, I>>;
  patch(db: Db, organizationId: string | undefined, id: string, changes: Partial<ResourceRecord<T, I>>): Promise<ResourceRecord<T, I>>;
  remove(db: Db, organizationId: string | undefined, id: string): Promise<void>;
  /** A page of records, reading at most `budgetBytes` of text (else PAYLOAD_TOO_LARGE: src/db/paged-list.ts). */
  page(db: Db, organizationId: string | undefined, page: number, pageSize: number, where: ListWhere<T, I>, budgetBytes: number): Promise<Page<ResourceRecord<T, I>>>;
  /** A full new record from validated create input: every field present, unset ones null. */
  build(ctx: Context, input: ResourceInput<T, I> & { organizationId?: string | null }): Promise<ResourceRecord<T, I>>;
  /** The record after applying update input: omitted fields unchanged, null clears. */
  merge(ctx: Context, current: ResourceRecord<T, I>, input: ResourceInput<T, I>): Promise<{ record: ResourceRecord<T, I>; changes: Partial<ResourceRecord<T, I>> }>;
}

/** The repository of a resource: its records read and written through the row <-> record mapping. */
export function repositoryOf<T extends TableName, I extends FieldName<T> = never>(spec: ResourceSpec<T, I>): Repository<T, I> {
  const table = spec.table as string;
  const fields = spec.fields as Record<string, FieldSpec>;
  const orgScoped = spec.scope === 'organization';
  const typed = (record: Loose) => record as ResourceRecord<T, I>;
  const internal = new Set<string>(spec.internal ?? []);
  const freeForm = Object.keys(fields).filter((name) => fields[name]!.kind === 'json' || fields[name]!.kind === 'strings');

  function toRow(record: Loose): Loose {
    const row: Loose = {};
    for (const [key, value] of Object.entries(record)) row[key] = encode(fields[key]?.kind, value);
    return row;
  }

  function toRecord(row: Loose): ResourceRecord<T, I> {
    const record: Loose = {};
    for (const [key, value] of Object.entries(row)) {
      if (internal.has(key)) continue;
      const field = fields[key];
      const decoded = decode(field?.kind, value);
      record[key] = field?.read ? field.read(decoded as never) : decoded;
    }
    return typed(record);
  }

  const scoped = (db: Db, organizationId: string | undefined) => {
    const query = anyDb(db).selectFrom(table);
    return orgScoped ? query.where('organizationId', '=', organizationId!) : query;
  };

  const filtered = (db: Db, organizationId: string | undefined, where: ListWhere<T, I>) => {
    let query = scoped(db, organizationId);
    for (const [name, value] of Object.entries(toRow(where.equals ?? {}))) query = query.where(name, '=', value);
    const search = where.search;
    const columns = spec.listSearch ?? [];
    if (search && columns.length) query = query.where((eb) => eb.or(columns.map((c) => containsText(c, search))));
    return query;
  };

  const missing = () => notFound(spec.noun ?? (spec.namespace === table ? `${table} record` : table));

  const repo: Repository<T, I> = {
    toRecord: (row) => toRecord(row),
    freeForm,
    toRow: ((record: Loose) => toRow(record)) as Repository<T, I>['toRow'],
    async find(db, organizationId, recordId) {
      const row = await scoped(db, organizationId).selectAll().where('id', '=', recordId).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async get(db, organizationId, recordId) {
      const found = await repo.find(db, organizationId, recordId);
      if (!found) throw missing();
      return found;
    },
    async lock(db, dialect, organizationId, recordId) {
      const row = await lockedIfPostgres(scoped(db, organizationId).selectAll().where('id', '=', recordId), dialect).executeTakeFirst();
      if (!row) throw missing();
      return toRecord(row);
    },
    async insert(db, record) {
      const rows = await anyDb(db).insertInto(table).values(toRow(record)).returningAll().execute();
      return toRecord(rows[0]!);
    },
    async patch(db, organizationId, recordId, changes) {
      // Nothing to change (e.g. the same values within the same millisecond): the record as stored.
      if (Object.keys(changes).length === 0) return repo.get(db, organizationId, recordId);
      let query = anyDb(db).updateTable(table).set(toRow(changes)).where('id', '=', recordId);
      if (orgScoped) query = query.where('organizationId', '=', organizationId!);
      const rows = await query.returningAll().execute();
      if (!rows[0]) throw notFound(table);
      return toRecord(rows[0]);
    },
    async remove(db, organizationId, recordId) {
      let query = anyDb(db).deleteFrom(table).where('id', '=', recordId);
      if (orgScoped) query = query.where('organizationId', '=', organizationId!);
      const result = await query.executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound(table);
    },
    async page(db, organizationId, pageNo, pageSize, where, budgetBytes) {
      const rows = filtered(db, organizationId, where).selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offsetOf(pageNo, pageSize));
      const [found, total] = await Promise.all([
        readPage(db, rows, pageSize, freeForm, budgetBytes),
        countOf(db, [table], filtered(db, organizationId, where).select((eb) => eb.fn.countAll<number | string>().as('n'))),
      ]);
      return pageOf(found.map(toRecord), total, pageNo, pageSize);
    },
    async build(ctx, input) {
      const given = input as Loose;
      const now = ctx.now();
      const record: Loose = { id: newId() };
      if (orgScoped) record.organizationId = given.organizationId;
      for (const [name, field] of Object.entries(fields)) record[name] = given[name] ?? field.default ?? null;
      record.createdAt = given.createdAt ?? now;
      record.updatedAt = given.updatedAt ?? now;
      return spec.prepare ? spec.prepare(typed(record), ctx) : typed(record);
    },
    async merge(ctx, current, input) {
      const given = input as Loose;
      const changes: Loose = {};
      for (const name of Object.keys(fields)) {
        if (given[name] !== undefined) changes[name] = given[name];
      }
      // createdAt may be corrected but never cleared: null leaves it as stored (as null updatedAt means now).
      if (spec.clientTimestamps && given.createdAt !== undefined && given.createdAt !== null) changes.createdAt = given.createdAt;
      changes.updatedAt = (spec.clientTimestamps ? given.updatedAt : undefined) ?? ctx.now();
      let record: Loose = { ...current, ...changes };
      if (spec.prepare) {
        record = await spec.prepare(typed(record), ctx, current);
        // What prepare derived replaces what was sent, also when it equals the stored value (null isActive -> true).
        const stored = current as Loose;
        for (const key of Object.keys(record)) if (key in changes || record[key] !== stored[key]) changes[key] = record[key];
      }
      return { record: typed(record), changes: changes as Partial<ResourceRecord<T, I>> };
    },
  };
  return repo;
}
