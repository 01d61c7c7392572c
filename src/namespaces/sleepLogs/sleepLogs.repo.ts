import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { DEFAULT_GOAL_MINUTES } from './sleepLogs.fields.ts';
import type { SleepLogsTable, SleepPreferencesTable } from './sleepLogs.table.ts';

export type PreferencesRow = Selectable<SleepPreferencesTable>;
export type SleepLogRow = Selectable<SleepLogsTable>;

export async function findPreferences(db: Db, idpUserId: string): Promise<PreferencesRow | undefined> {
  return db.selectFrom('sleepPreferences').selectAll().where('idpUserId', '=', idpUserId).executeTakeFirst();
}

/** The person's sleep goal in minutes, or the default before preferences are set up. */
export async function goalOf(db: Db, idpUserId: string): Promise<number> {
  const prefs = await findPreferences(db, idpUserId);
  return prefs ? Number(prefs.sleepGoalMinutes) : DEFAULT_GOAL_MINUTES;
}

type PreferenceValues = Pick<PreferencesRow, 'sleepTime' | 'wakeTime' | 'sleepGoalMinutes' | 'sleepReminderEnabled' | 'wakeReminderEnabled'>;

/** Creates or replaces the person's preferences (a concurrent first setup ends as the last one written). */
export async function savePreferences(db: Db, row: Insertable<SleepPreferencesTable>, values: PreferenceValues, now: number): Promise<PreferencesRow> {
  const rows = await db
    .insertInto('sleepPreferences')
    .values(row)
    .onConflict((oc) => oc.column('idpUserId').doUpdateSet({ ...values, updatedAt: now }))
    .returningAll()
    .execute();
  return rows[0]!;
}

type LogValues = Omit<SleepLogRow, 'id' | 'idpUserId' | 'date' | 'createdAt'>;

/** One log per person per date: logging the date again replaces the log's values (its id and createdAt stay). */
export async function saveLog(db: Db, row: Insertable<SleepLogsTable>, values: LogValues): Promise<SleepLogRow> {
  const rows = await db
    .insertInto('sleepLogs')
    .values(row)
    .onConflict((oc) => oc.columns(['idpUserId', 'date']).doUpdateSet(values))
    .returningAll()
    .execute();
  return rows[0]!;
}

/** The person's `limit` most recent logs, newest first. */
export async function recentLogs(db: Db, idpUserId: string, limit: number): Promise<SleepLogRow[]> {
  return db.selectFrom('sleepLogs').selectAll().where('idpUserId', '=', idpUserId).orderBy('date', 'desc').limit(limit).execute();
}

/** Deletes the person's log; false when they have no log with that id. */
export async function deleteOwnLog(db: Db, idpUserId: string, logId: string): Promise<boolean> {
  const result = await db.deleteFrom('sleepLogs').where('id', '=', logId).where('idpUserId', '=', idpUserId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
