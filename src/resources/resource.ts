import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Audience } from '../operations/audience.ts';
import { countOf } from '../db/list-memo.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { containsText } from '../db/text-search.ts';
import { notFound } from '../values/errors.ts';
import { bool, date, email, id, int, jsonObject, num, paging, str, strArray, time, ts } from '../values/fields.ts';
import { newId } from '../values/ids.ts';
import { fromMinor, money, percent, toMinor } from '../values/money.ts';
import { defineOperation, type Context, type Operation } from '../operations/operation.ts';
import { offsetOf, pageOf, type Page } from '../values/paging.ts';
import { fromJsonText, toBool, toJsonText } from '../values/record.ts';

/**
 * Plain resources described once as data and turned into create / getById / update / delete /
 * list operations. Hand-written operations reuse the repository and schemas this returns.
 */

/**
 * `money`: an amount with at most two decimals in records and the API, integer minor units in the
 * column. `percent`: 0..100 with at most two decimals in records and the API, integer basis points in
 * the column. The conversion happens only in toRow / toRecord.
 */
export type FieldKind = 'string' | 'int' | 'number' | 'bool' | 'ts' | 'date' | 'time' | 'email' | 'strings' | 'json' | 'money' | 'percent';

export interface FieldSpec {
  kind: FieldKind;
  /** Required on create; on update it may be changed but never cleared. */
  required?: boolean;
  /** Replaces the schema the kind gives (bounds, enums). */
  schema?: z.ZodType;
  /** Stored on create when the field is absent. */
  default?: unknown;
  /** Maps the decoded column value to the record's value, e.g. fills defaults into a settings object. */
  read?: (value: unknown) => unknown;
}

export type Row = Record<string, unknown>;
export type ApiRecord = Record<string, unknown>;

export type GeneratedName = 'create' | 'getById' | 'update' | 'delete' | 'list';

export interface ResourceSpec {
  namespace: string;
  /** Who may call the generated operations (CONTRACT.md section 6); `audiences` sets it per operation. */
  audience: Audience<unknown>;
  audiences?: Partial<Record<GeneratedName, Audience<unknown>>>;
  /** The records are patient data: reads by callers with a token are written to the read log. */
  readsPatientData?: boolean;
  table: keyof Database;
  /** `organization`: every record carries organizationId and is reached only through it. */
  scope: 'organization' | 'platform';
  fields: Record<string, FieldSpec>;
  /** The client may send createdAt / updatedAt (imports, back-fills); otherwise the server sets them. */
  clientTimestamps?: boolean;
  /** Name of the paged list operation; `false` for none. */
  listName?: string | false;
  /** Operations to generate (default all five). */
  generate?: readonly GeneratedName[];
  /**
   * Derives fields and checks invariants on the full record about to be written (create and update).
   * `current` is the record as stored before an update (undefined on create), so that a check can
   * run only when what it checks has changed.
   */
  prepare?: (record: ApiRecord, ctx: Context, current?: ApiRecord) => ApiRecord | Promise<ApiRecord>;
  /** Fields the paged list filters on by equality, each through an input of its own name; omitted or null = no filter. */
  listFilters?: readonly string[];
  /** Columns that a `search` input of the paged list matches (contains, case-insensitive); blank = no search. */
  listSearch?: readonly string[];
  /** Runs before delete with the record as stored, e.g. to refuse with INVALID_STATE while others refer to it. */
  beforeDelete?: (ctx: Context, record: ApiRecord) => Promise<void>;
}

/** Narrows a paged list: `equals` field values (record representation), `search` text in the listSearch columns. */
export interface ListWhere {
  equals?: ApiRecord;
  search?: string | undefined;
}

type AnyDb = Kysely<Record<string, Row>>;
const anyDb = (db: Db) => db as unknown as AnyDb;

function schemaOf(kind: FieldKind): z.ZodType {
  switch (kind) {
    case 'string':
      return str();
    case 'int':
      return int();
    case 'number':
      return num();
    case 'bool':
      return bool();
    case 'ts':
      return ts();
    case 'date':
      return date();
    case 'time':
      return time();
    case 'email':
      return email();
    case 'strings':
      return strArray();
    case 'json':
      return jsonObject();
    case 'money':
      return money().transform(fromMinor);
    case 'percent':
      return percent().transform(fromMinor);
  }
}

/** Integer minor units (or basis points) of a validated amount; anything else is a bug, not input. */
function minorUnits(value: number): number {
  const minor = toMinor(value);
  if (minor === undefined) throw new RangeError(`${value} is not an amount with at most two decimals`);
  return minor;
}

const isJson = (kind: FieldKind | undefined) => kind === 'strings' || kind === 'json';
const isMinorUnits = (kind: FieldKind | undefined) => kind === 'money' || kind === 'percent';

/** A record's value as its column holds it. */
function encode(kind: FieldKind | undefined, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (isJson(kind)) return toJsonText(value);
  if (isMinorUnits(kind)) return minorUnits(value as number);
  return value;
}

/** A column's value as the record holds it. */
function decode(kind: FieldKind | undefined, value: unknown): unknown {
  if (kind === 'bool') return toBool(value);
  if (isJson(kind)) return fromJsonText(value);
  if (isMinorUnits(kind)) return value === null || value === undefined ? null : fromMinor(Number(value));
  return value;
}

export function defineResource(spec: ResourceSpec) {
  const table = spec.table as string;
  const orgScoped = spec.scope === 'organization';
  const fieldSchema = (name: string) => spec.fields[name]?.schema ?? schemaOf(spec.fields[name]!.kind);
  const timestampShape: Record<string, z.ZodType> = spec.clientTimestamps ? { createdAt: ts().nullish(), updatedAt: ts().nullish() } : {};
  const orgShape: Record<string, z.ZodType> = orgScoped ? { organizationId: id() } : {};

  const createShape: Record<string, z.ZodType> = { ...orgShape, ...timestampShape };
  const updateShape: Record<string, z.ZodType> = { id: id(), ...orgShape, ...timestampShape };
  for (const [name, field] of Object.entries(spec.fields)) {
    createShape[name] = field.required ? fieldSchema(name) : fieldSchema(name).nullish();
    updateShape[name] = field.required ? fieldSchema(name).optional() : fieldSchema(name).nullish();
  }
  const keyShape = { id: id(), ...orgShape };
  const listShape: Record<string, z.ZodType> = { ...orgShape, ...paging };
  for (const name of spec.listFilters ?? []) listShape[name] = fieldSchema(name).nullish();
  if (spec.listSearch?.length) listShape.search = z.string().trim().max(200).nullish();
  const schemas = {
    create: z.object(createShape) as unknown as z.ZodType<ApiRecord & { organizationId?: string }>,
    update: z.object(updateShape) as unknown as z.ZodType<ApiRecord & { id: string; organizationId?: string }>,
    key: z.object(keyShape) as unknown as z.ZodType<{ id: string; organizationId?: string }>,
    list: z.object(listShape) as unknown as z.ZodType<ApiRecord & { organizationId?: string; page: number; pageSize: number; search?: string | null }>,
  };

  function toRow(record: ApiRecord): Row {
    const row: Row = {};
    for (const [key, value] of Object.entries(record)) row[key] = encode(spec.fields[key]?.kind, value);
    return row;
  }

  function toRecord(row: Row): ApiRecord {
    const record: ApiRecord = {};
    for (const [key, value] of Object.entries(row)) {
      const field = spec.fields[key];
      const decoded = decode(field?.kind, value);
      record[key] = field?.read ? field.read(decoded) : decoded;
    }
    return record;
  }

  const scoped = (db: Db, organizationId: string | undefined) => {
    const query = anyDb(db).selectFrom(table);
    return orgScoped ? query.where('organizationId', '=', organizationId!) : query;
  };

  const filtered = (db: Db, organizationId: string | undefined, where: ListWhere) => {
    let query = scoped(db, organizationId);
    for (const [name, value] of Object.entries(toRow(where.equals ?? {}))) query = query.where(name, '=', value);
    const search = where.search;
    const columns = spec.listSearch ?? [];
    if (search && columns.length) query = query.where((eb) => eb.or(columns.map((c) => containsText(c, search))));
    return query;
  };

  const repo = {
    toRecord,
    toRow,
    async find(db: Db, organizationId: string | undefined, recordId: string): Promise<ApiRecord | undefined> {
      const row = await scoped(db, organizationId).selectAll().where('id', '=', recordId).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async get(db: Db, organizationId: string | undefined, recordId: string): Promise<ApiRecord> {
      const found = await repo.find(db, organizationId, recordId);
      if (!found) throw notFound(spec.namespace === table ? `${table} record` : table);
      return found;
    },
    async insert(db: Db, record: ApiRecord): Promise<ApiRecord> {
      const rows = await anyDb(db).insertInto(table).values(toRow(record)).returningAll().execute();
      return toRecord(rows[0]!);
    },
    async patch(db: Db, organizationId: string | undefined, recordId: string, changes: ApiRecord): Promise<ApiRecord> {
      // Nothing to change (e.g. the same values within the same millisecond): the record as stored.
      if (Object.keys(changes).length === 0) return repo.get(db, organizationId, recordId);
      let query = anyDb(db).updateTable(table).set(toRow(changes)).where('id', '=', recordId);
      if (orgScoped) query = query.where('organizationId', '=', organizationId!);
      const rows = await query.returningAll().execute();
      if (!rows[0]) throw notFound(table);
      return toRecord(rows[0]);
    },
    async remove(db: Db, organizationId: string | undefined, recordId: string): Promise<void> {
      let query = anyDb(db).deleteFrom(table).where('id', '=', recordId);
      if (orgScoped) query = query.where('organizationId', '=', organizationId!);
      const result = await query.executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound(table);
    },
    async page(db: Db, organizationId: string | undefined, pageNo: number, pageSize: number, where: ListWhere = {}): Promise<Page<ApiRecord>> {
      const [rows, total] = await Promise.all([
        filtered(db, organizationId, where)
          .selectAll()
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset(offsetOf(pageNo, pageSize))
          .execute(),
        countOf(db, [table], filtered(db, organizationId, where).select((eb) => eb.fn.countAll<number | string>().as('n'))),
      ]);
      return pageOf(rows.map(toRecord), total, pageNo, pageSize);
    },
    /** A full new record from validated create input: every field present, unset ones null. */
    async build(ctx: Context, input: ApiRecord): Promise<ApiRecord> {
      const now = ctx.now();
      const record: ApiRecord = { id: newId() };
      if (orgScoped) record.organizationId = input.organizationId;
      for (const [name, field] of Object.entries(spec.fields)) record[name] = input[name] ?? field.default ?? null;
      record.createdAt = input.createdAt ?? now;
      record.updatedAt = input.updatedAt ?? now;
      return spec.prepare ? spec.prepare(record, ctx) : record;
    },
    /** The record after applying update input: omitted fields unchanged, null clears. */
    async merge(ctx: Context, current: ApiRecord, input: ApiRecord): Promise<{ record: ApiRecord; changes: ApiRecord }> {
      const changes: ApiRecord = {};
      for (const name of Object.keys(spec.fields)) {
        if (input[name] !== undefined) changes[name] = input[name];
      }
      // createdAt may be corrected but never cleared: null leaves it as stored (as null updatedAt means now).
      if (spec.clientTimestamps && input.createdAt !== undefined && input.createdAt !== null) changes.createdAt = input.createdAt;
      changes.updatedAt = (spec.clientTimestamps ? input.updatedAt : undefined) ?? ctx.now();
      let record = { ...current, ...changes };
      if (spec.prepare) {
        record = await spec.prepare(record, ctx, current);
        // What prepare derived replaces what was sent, also when it equals the stored value (null isActive -> true).
        for (const key of Object.keys(record)) if (key in changes || record[key] !== current[key]) changes[key] = record[key];
      }
      return { record, changes };
    },
  };

  const generate = new Set(spec.generate ?? ['create', 'getById', 'update', 'delete', 'list']);
  const ns = spec.namespace;
  const operations: Operation[] = [];
  const org = (input: { organizationId?: string }) => input.organizationId;
  const access = (name: GeneratedName) => ({ audience: (spec.audiences?.[name] ?? spec.audience) });
  const readAccess = (name: GeneratedName) => ({ ...access(name), readsPatientData: spec.readsPatientData ?? false });

  if (generate.has('create')) {
    operations.push(
      defineOperation({
        namespace: ns, name: 'create', ...access('create'), writes: true, input: schemas.create,
        async handler(ctx, input) {
          return { item: await repo.insert(ctx.db, await repo.build(ctx, input)) };
        },
      }),
    );
  }
  if (generate.has('getById')) {
    operations.push(
      defineOperation({
        namespace: ns, name: 'getById', ...readAccess('getById'), input: schemas.key,
        async handler(ctx, input) {
          return { item: await repo.get(ctx.db, org(input), input.id) };
        },
      }),
    );
  }
  if (generate.has('update')) {
    operations.push(
      defineOperation({
        namespace: ns, name: 'update', ...access('update'), writes: true, input: schemas.update,
        async handler(ctx, input) {
          const current = await repo.get(ctx.db, org(input), input.id);
          const { changes } = await repo.merge(ctx, current, input);
          return { item: await repo.patch(ctx.db, org(input), input.id, changes) };
        },
      }),
    );
  }
  if (generate.has('delete')) {
    operations.push(
      defineOperation({
        namespace: ns, name: 'delete', ...access('delete'), writes: true, input: schemas.key,
        async handler(ctx, input) {
          if (spec.beforeDelete) await spec.beforeDelete(ctx, await repo.get(ctx.db, org(input), input.id));
          await repo.remove(ctx.db, org(input), input.id);
          return { id: input.id, deleted: true };
        },
      }),
    );
  }
  const listName = spec.listName ?? (orgScoped ? 'listByOrganization' : 'list');
  if (generate.has('list') && listName) {
    operations.push(
      defineOperation({
        namespace: ns, name: listName, ...readAccess('list'), input: schemas.list,
        async handler(ctx, input) {
          const equals: ApiRecord = {};
          for (const name of spec.listFilters ?? []) if (input[name] !== undefined && input[name] !== null) equals[name] = input[name];
          return repo.page(ctx.db, org(input), input.page, input.pageSize, { equals, search: input.search ?? undefined });
        },
      }),
    );
  }

  return { spec, schemas, repo, operations };
}
