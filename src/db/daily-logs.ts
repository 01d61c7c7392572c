import type { Selectable } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/** Tables of one log per person (idpUserId) and calendar day (date YYYY-MM-DD). */
export type DailyLogTable = 'calorieLogs' | 'sleepLogs';
type LogRow<T extends DailyLogTable> = Selectable<Database[T]>;

// Kysely cannot check the columns of a table named by a type parameter, so the query is typed
// over both tables (idpUserId and date are columns of each) and its rows are the named table's.
const logsOf = (db: Db, table: DailyLogTable, idpUserId: string) =>
  db.selectFrom(table).selectAll().where('idpUserId', '=', idpUserId);

/** The person's log of `date`, if any. */
export async function logOn<T extends DailyLogTable>(db: Db, table: T, idpUserId: string, date: string): Promise<LogRow<T> | undefined> {
  return (await logsOf(db, table, idpUserId).where('date', '=', date).executeTakeFirst()) as LogRow<T> | undefined;
}

/** The person's logs dated `from` to `to`, both inclusive, oldest first. */
export async function logsBetween<T extends DailyLogTable>(db: Db, table: T, idpUserId: string, from: string, to: string): Promise<LogRow<T>[]> {
  return (await logsOf(db, table, idpUserId).where('date', '>=', from).where('date', '<=', to).orderBy('date').execute()) as LogRow<T>[];
}
