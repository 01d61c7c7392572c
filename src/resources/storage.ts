import type { Storage, StorageOf } from '../db/codec.ts';
import type { FieldKind, FieldSpec } from './kinds.ts';
import type { FieldName, FieldsOf, TableName } from './spec.ts';

const STORAGE: Partial<Record<FieldKind, Storage>> = { bool: 'bool', strings: 'json', json: 'json', money: 'minor', percent: 'minor' };

/** How the columns of described fields hold their values (src/db/codec.ts). */
export function storageOf<T extends TableName, I extends FieldName<T>>(fields: FieldsOf<T, I>): StorageOf<T> {
  const described: Readonly<Record<string, FieldSpec>> = fields;
  const storage: Record<string, Storage> = {};
  for (const [name, field] of Object.entries(described)) {
    const stored = STORAGE[field.kind];
    if (stored) storage[name] = stored;
  }
  // FieldsOf demands a kind that decodes each boolean and JSON column: the storage StorageOf asks for.
  return storage as StorageOf<T>;
}
