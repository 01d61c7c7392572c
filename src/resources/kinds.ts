import type { z } from 'zod';
import { bool, date, email, int, jsonObject, num, str, strArray, time, ts } from '../values/fields.ts';
import { fromMinor, money, percent } from '../values/money.ts';
import { out } from '../values/results.ts';
import type { IsBool, IsJson } from '../values/record.ts';

/**
 * How a field is validated and stored. `money`: an amount with at most two decimals in records and
 * the API, integer minor units in the column. `percent`: 0..100 with at most two decimals in records
 * and the API, integer basis points in the column. The conversion happens only in encode / decode.
 */
export type FieldKind = 'string' | 'int' | 'number' | 'bool' | 'ts' | 'date' | 'time' | 'email' | 'strings' | 'json' | 'money' | 'percent';

type DecodingKind = 'bool' | 'strings' | 'json';

/** The kinds a column of type `V` may be described with: its booleans and JSON must be decoded. */
export type KindFor<V> = IsBool<V> extends true ? 'bool' : IsJson<V> extends true ? 'strings' | 'json' : Exclude<FieldKind, DecodingKind>;

export interface FieldSpec<K extends FieldKind = FieldKind> {
  kind: K;
  /** Required on create; on update it may be changed but never cleared. */
  required?: boolean;
  /** A required field that records written by the service itself may hold as null (its result schema says so). */
  nullInRecords?: boolean;
  /** Replaces the schema the kind gives (bounds, enums). */
  schema?: z.ZodType;
  /** Stored on create when the field is absent. */
  default?: unknown;
  /** Maps the decoded column value to the record's value, e.g. fills defaults into a settings object. */
  read?: (value: never) => unknown;
}

export function schemaOf(kind: FieldKind): z.ZodType {
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

/** How a field of this kind is answered in a record (src/values/results.ts). */
export function resultSchemaOf(kind: FieldKind): z.ZodType {
  switch (kind) {
    case 'string':
    case 'email':
      return out.text();
    case 'int':
      return out.int();
    case 'number':
    case 'money':
    case 'percent':
      return out.number();
    case 'bool':
      return out.bool();
    case 'ts':
      return out.ts();
    case 'date':
      return out.date();
    case 'time':
      return out.time();
    case 'strings':
      return out.strings();
    case 'json':
      return out.object();
  }
}
