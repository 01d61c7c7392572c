/**
 * The database: each table's row type as stored. The core names no table: each `*.table.ts`
 * (`<namespace>.table.ts`, or `<folder>/<table>.table.ts` in the core) adds its tables to this
 * interface by declaration merging, beside the code that owns them, so nothing in db/ imports a
 * layer above it. Booleans read back as 0/1 on SQLite and JSON columns are text on both databases:
 * records are mapped from rows in one place (src/values/record.ts).
 */
// Empty on purpose: filled by the `declare module` blocks of the *.table.ts files.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
