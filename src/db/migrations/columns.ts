import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';

/** Column types that mean the same on SQLite and PostgreSQL. */
export const col = {
  id: 'varchar(64)',
  text: 'text',
  int: 'integer',
  /** unix milliseconds */
  ts: 'bigint',
  real: 'double precision',
  bool: 'boolean',
  /** JSON kept as text on both databases: mapped in one place, compared nowhere */
  json: 'text',
} as const;

type Modify = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

const notNull: Modify = (c) => c.notNull();

/** id primary key, organizationId, and createdAt/updatedAt: the columns every organization record has. */
export function orgRecord<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('organizationId', col.id, notNull)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull);
}

export { notNull };
