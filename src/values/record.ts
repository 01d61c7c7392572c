import { AppError } from './errors.ts';

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

/** JSON text of `v`; a value too deep for JSON.stringify's stack is PAYLOAD_TOO_LARGE (413), not a crash. */
export function toJsonText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  try {
    return JSON.stringify(v);
  } catch (err) {
    if (err instanceof RangeError) throw new AppError('PAYLOAD_TOO_LARGE', 'this value is nested too deeply to be written as JSON');
    throw err;
  }
}

/**
 * How deep a stored JSON value may be and still be answered. Input is bounded far below it
 * (src/values/bounds.ts, 8 levels by default); only a value stored before the bounds can be
 * deeper, and answering it would overflow the stack of JSON.stringify (the answer, a webhook's
 * body): such a value reads as null (docs/api.md "Bounds").
 */
export const STORED_JSON_MAX_DEPTH = 64;

/** The value of stored JSON text; null for null, and for a value nested deeper than STORED_JSON_MAX_DEPTH. */
export function fromJsonText<T = unknown>(v: unknown): T | null {
  if (typeof v !== 'string') return null;
  // Each level takes two characters at least, and opens with { or [: text that is shorter, or has
  // fewer of them (counted with indexOf, fast), cannot be too deep and is not scanned.
  if (v.length > 2 * STORED_JSON_MAX_DEPTH && opensMoreThan(v, STORED_JSON_MAX_DEPTH) && nestedDeeperThan(v, STORED_JSON_MAX_DEPTH)) return null;
  return JSON.parse(v) as T;
}

/** Whether `text` holds more than `limit` characters { and [ in all. */
function opensMoreThan(text: string, limit: number): boolean {
  let count = 0;
  for (const open of ['{', '[']) {
    for (let at = text.indexOf(open); at !== -1; at = text.indexOf(open, at + 1)) if (++count > limit) return true;
  }
  return false;
}

/** Whether JSON text opens more than `limit` objects or lists inside one another (strings skipped). */
function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skip to its closing quote, past escaped characters.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

export function parseJsonArray(v: unknown): string[] {
  const parsed = fromJsonText<unknown>(v);
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
}
