/** Row <-> record mapping for the dialect differences: booleans (0/1 on SQLite) and JSON kept as text. */

declare const decodesTo: unique symbol;

/** A boolean column: 0/1 on SQLite. */
export type Bool = boolean | number;

/** JSON text in a column; `T` is what it decodes to. A plain string is assignable to it. */
export type Json<T = unknown> = string & { readonly [decodesTo]?: T };

/** A column's value as a record holds it: booleans as booleans, JSON decoded, everything else as stored. */
export type Decoded<V> = IsBool<V> extends true
  ? boolean | Extract<V, null>
  : IsJson<V> extends true
    ? (NonNullable<V> extends Json<infer T> ? T : never) | Extract<V, null>
    : V;

export type IsBool<V> = [V] extends [null] ? false : [boolean] extends [NonNullable<V>] ? true : false;
export type IsJson<V> = [V] extends [null] ? false : typeof decodesTo extends keyof NonNullable<V> ? true : false;

/** The record of a table's row: what the API answers, typed from the row type. */
export type RecordOf<Row> = { [K in keyof Row]: Decoded<Row[K]> };

/** The columns of a row that need decoding (booleans and JSON): a resource must say how to read each. */
export type DecodedColumns<Row> = { [K in keyof Row]-?: IsBool<Row[K]> extends true ? K : IsJson<Row[K]> extends true ? K : never }[keyof Row];

export function toBool(v: unknown): boolean | null {
  return v === null || v === undefined ? null : Boolean(v);
}

export function toJsonText(v: unknown): string | null {
  return v === null || v === undefined ? null : JSON.stringify(v);
}

export function fromJsonText<T = unknown>(v: unknown): T | null {
  return typeof v === 'string' ? (JSON.parse(v) as T) : null;
}

export function parseJsonArray(v: unknown): string[] {
  const parsed = fromJsonText<unknown>(v);
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
}
