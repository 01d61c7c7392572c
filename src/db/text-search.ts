import { sql, type Expression, type SqlBool } from 'kysely';

/** A LIKE pattern matching `text` literally: `%`, `_` and `\` stand for themselves (ESCAPE '\'). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Case-insensitive "contains" on a column, the same on SQLite and PostgreSQL. */
export function containsText(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${likeLiteral(text.toLowerCase())}%`} escape '\\'`;
}

/** Case-sensitive LIKE with a literal part, e.g. an element `"doctor"` inside a JSON array text. */
export function containsLiteral(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${`%${likeLiteral(text)}%`} escape '\\'`;
}
