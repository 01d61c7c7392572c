import type { Insertable, Selectable, Updateable } from 'kysely';
import { fromMinor, toMinor } from '../values/money.ts';
import { fromJsonText, toBool, toJsonText, type DecodedColumns, type IsBool, type IsJson, type RecordOf } from '../values/record.ts';
import type { Database } from './schema.ts';

export type TableName = keyof Database;
export type RowOf<T extends TableName> = Selectable<Database[T]>;

/** A row or a record as plain values, whatever its table. */
export type Values = Readonly<Record<string, unknown>>;

/**
 * How a column holds a record's value when not as it is: `bool` 0/1 on SQLite, `json` as text,
 * `minor` an amount with at most two decimals as integer minor units (or a percentage as basis points).
 */
export type Storage = 'bool' | 'json' | 'minor';

type StorageFor<V> = IsBool<V> extends true ? 'bool' : IsJson<V> extends true ? 'json' : NonNullable<V> extends number ? 'minor' : never;

/** The storage of a table's columns: every boolean and JSON column named, so that a record is always what its type says. */
export type StorageOf<T extends TableName> = { [C in keyof RowOf<T>]?: StorageFor<RowOf<T>[C]> } & {
  [C in DecodedColumns<RowOf<T>>]-?: StorageFor<RowOf<T>[C]>;
};

export type HiddenColumn<T extends TableName> = keyof RowOf<T> & string;

/** A table's record: its row with booleans and JSON decoded, amounts in units, the hidden columns left out. */
export type TableRecord<T extends TableName, H extends HiddenColumn<T> = never> = Omit<RecordOf<RowOf<T>>, H>;

/**
 * One table's row <-> record conversion, declared once (defineCodec): the generic repository of a
 * resource (src/resources/repository.ts) and the hand-written repositories read and write through it.
 */
export interface Codec<T extends TableName, H extends HiddenColumn<T> = never> {
  readonly table: T;
  /** The JSON columns: what a page read caps (src/db/paged-list.ts). */
  readonly freeForm: readonly string[];
  toRecord(row: Values): TableRecord<T, H>;
  /** Some of a record's values as the columns hold them (an update's changes, a filter). */
  toColumns(values: Partial<TableRecord<T, H>> | Values): Values;
  /** An update's changes as the columns hold them (null clears). */
  toUpdate(changes: Partial<TableRecord<T, H>> | Values): Updateable<Database[T]>;
  /** The row that inserts a record: its values as the columns hold them, null ones left out (the column's default, or null, holds). */
  toInsert(record: Partial<TableRecord<T, H>> | Values): Insertable<Database[T]>;
}

/** Integer minor units (or basis points) of a validated amount; anything else is a bug, not input. */
function minorUnits(value: unknown): number {
  const minor = typeof value === 'number' ? toMinor(value) : undefined;
  if (minor === undefined) throw new RangeError(`${String(value)} is not an amount with at most two decimals`);
  return minor;
}

function encode(storage: Storage | undefined, value: unknown): unknown {
  if (value === null || value === undefined || storage === undefined || storage === 'bool') return value;
  return storage === 'json' ? toJsonText(value) : minorUnits(value);
}

function decode(storage: Storage | undefined, value: unknown): unknown {
  if (storage === 'bool') return toBool(value);
  if (storage === 'json') return fromJsonText(value);
  if (storage === 'minor') return value === null || value === undefined ? null : fromMinor(Number(value));
  return value;
}

export function defineCodec<T extends TableName, const H extends HiddenColumn<T> = never>(table: T, storage: StorageOf<T>, hidden: readonly H[] = []): Codec<T, H> {
  const stored: Readonly<Record<string, Storage | undefined>> = storage;
  // Looked up per column of every row read: a Map and a for-in loop cost half of Object.entries and keyed lookups.
  const decoded = new Map(Object.entries(stored).flatMap(([column, kind]) => (kind ? [[column, kind] as const] : [])));
  const left = new Set<string>(hidden);
  const toColumns = (values: Values): Values => {
    const columns: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(values)) columns[column] = encode(stored[column], value);
    return columns;
  };
  return {
    table,
    freeForm: Object.keys(stored).filter((column) => stored[column] === 'json'),
    toRecord(row) {
      const record: Record<string, unknown> = {};
      for (const column in row) {
        if (left.has(column)) continue;
        const kind = decoded.get(column);
        record[column] = kind === undefined ? row[column] : decode(kind, row[column]);
      }
      // Decoded by the storage the table's type demands for each column (StorageOf): the record its type says.
      return record as TableRecord<T, H>;
    },
    toColumns,
    // An update's changes, encoded: what the update of its table takes.
    toUpdate: (changes) => toColumns(changes) as Updateable<Database[T]>,
    toInsert(record) {
      const row: Record<string, unknown> = {};
      for (const [column, value] of Object.entries(toColumns(record))) if (value !== null && value !== undefined) row[column] = value;
      // A record's columns, encoded: what the insert of its table takes.
      return row as Insertable<Database[T]>;
    },
  };
}
