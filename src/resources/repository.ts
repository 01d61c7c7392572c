import type { Insertable, Updateable } from 'kysely';
import { defineCodec } from '../db/codec.ts';
import type { Database } from '../db/schema.ts';
import type { Db, Dialect } from '../db/database.ts';
import { countOf } from '../db/list-memo.ts';
import { readPage } from '../db/paged-list.ts';
import { lockedIfPostgres } from '../db/locks.ts';
import { containsText } from '../db/text-search.ts';
import type { Context } from '../operations/operation.ts';
import { notFound } from '../values/errors.ts';
import { newId } from '../values/ids.ts';
import { offsetOf, pageOf, type Page } from '../values/paging.ts';
import type { FieldSpec } from './kinds.ts';
import { storageOf } from './storage.ts';
import type { ListWhere, ResourceInput, ResourceRecord, ResourceSpec, RowOf, TableName, FieldName } from './spec.ts';

type Loose = Record<string, unknown>;

export interface Repository<T extends TableName, I extends FieldName<T> = never> {
  toRecord: (row: RowOf<T>) => ResourceRecord<T, I>;
  /** The JSON and list columns: those no schema bounded before the bounds (what a page caps: src/db/paged-list.ts). */
  freeForm: readonly string[];
  /** The row that inserts a record (src/db/codec.ts). */
  toInsert(record: ResourceRecord<T, I>): Insertable<Database[T]>;
  /** An update's changes as the columns hold them. */
  toUpdate(changes: Partial<ResourceRecord<T, I>>): Updateable<Database[T]>;
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
  const table = spec.table;
  const fields: Readonly<Record<string, FieldSpec>> = spec.fields;
  const codec = defineCodec<T, I>(table, storageOf(spec.fields), spec.internal);
  const orgScoped = spec.scope === 'organization';
  const reads = Object.entries(fields).filter(([, field]) => field.read);
  // A record assembled from validated input and the fields' defaults: every field of the resource, as its type says.
  const typed = (record: Loose) => record as ResourceRecord<T, I>;

  const toRecord = (row: Readonly<Loose>): ResourceRecord<T, I> => {
    const record = codec.toRecord(row);
    if (reads.length === 0) return record;
    const read: Loose = { ...record };
    for (const [name, field] of reads) read[name] = field.read!(read[name] as never);
    return typed(read);
  };

  // The table under an alias: Kysely types a query of a table known only as `T` through it (its dynamic module).
  const scoped = (db: Db, organizationId: string | undefined) => {
    const query = db.selectFrom(db.dynamic.table(table).as('t'));
    return orgScoped ? query.where(db.dynamic.ref('organizationId'), '=', organizationId!) : query;
  };

  const filtered = (db: Db, organizationId: string | undefined, where: ListWhere<T, I>) => {
    let query = scoped(db, organizationId);
    for (const [name, value] of Object.entries(codec.toColumns(where.equals ?? {}))) query = query.where(db.dynamic.ref(name), '=', value);
    const search = where.search;
    const columns = spec.listSearch ?? [];
    if (search && columns.length) query = query.where((eb) => eb.or(columns.map((c) => containsText(c, search))));
    return query;
  };

  const missing = () => notFound(spec.noun ?? (spec.namespace === table ? `${table} record` : table));

  const repo: Repository<T, I> = {
    toRecord: (row) => toRecord(row),
    freeForm: codec.freeForm,
    toInsert: (record) => codec.toInsert(record),
    toUpdate: (changes) => codec.toUpdate(changes),
    async find(db, organizationId, recordId) {
      const row = await scoped(db, organizationId).selectAll().where(db.dynamic.ref('id'), '=', recordId).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async get(db, organizationId, recordId) {
      const found = await repo.find(db, organizationId, recordId);
      if (!found) throw missing();
      return found;
    },
    async lock(db, dialect, organizationId, recordId) {
      const row = await lockedIfPostgres(scoped(db, organizationId).selectAll().where(db.dynamic.ref('id'), '=', recordId), dialect).executeTakeFirst();
      if (!row) throw missing();
      return toRecord(row);
    },
    async insert(db, record) {
      const stored = toRecord(await db.insertInto(table).values(codec.toInsert(record)).returningAll().executeTakeFirstOrThrow());
      await spec.afterWrite?.(db, stored);
      return stored;
    },
    async patch(db, organizationId, recordId, changes) {
      // Nothing to change (e.g. the same values within the same millisecond): the record as stored.
      if (Object.keys(changes).length === 0) return repo.get(db, organizationId, recordId);
      let query = db.updateTable(db.dynamic.table(table).as('t')).where(db.dynamic.ref('id'), '=', recordId);
      if (orgScoped) query = query.where(db.dynamic.ref('organizationId'), '=', organizationId!);
      for (const [column, value] of Object.entries(codec.toColumns(changes))) query = query.set(db.dynamic.ref(column), value);
      const row = await query.returningAll().executeTakeFirst();
      if (!row) throw notFound(table);
      const stored = toRecord(row);
      await spec.afterWrite?.(db, stored);
      return stored;
    },
    async remove(db, organizationId, recordId) {
      let query = db.deleteFrom(db.dynamic.table(table).as('t')).where(db.dynamic.ref('id'), '=', recordId);
      if (orgScoped) query = query.where(db.dynamic.ref('organizationId'), '=', organizationId!);
      const result = await query.executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound(table);
    },
    async page(db, organizationId, pageNo, pageSize, where, budgetBytes) {
      const rows = filtered(db, organizationId, where).selectAll().orderBy(db.dynamic.ref('createdAt'), 'desc').orderBy(db.dynamic.ref('id'), 'desc').limit(pageSize).offset(offsetOf(pageNo, pageSize));
      const [found, total] = await Promise.all([
        readPage(db, rows, pageSize, codec.freeForm, budgetBytes),
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
