import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { readPage } from '../../db/paged-list.ts';
import { newId } from '../../values/ids.ts';
import { DEFAULT_DAILY_GOAL, type FoodEntryInput } from './calorieLogs.fields.ts';
import type { MilliTotals } from './calorieLogs.nutrition.ts';
import type { CalorieLogEntriesTable, CalorieLogsTable } from './calorieLogs.table.ts';

export type LogRow = Selectable<CalorieLogsTable>;
export type EntryRow = Selectable<CalorieLogEntriesTable>;

/** The person's daily goal, or the default until they set one. */
export async function currentGoal(db: Db, idpUserId: string): Promise<number> {
  const row = await db.selectFrom('calorieGoals').select('dailyGoal').where('idpUserId', '=', idpUserId).executeTakeFirst();
  return row ? Number(row.dailyGoal) : DEFAULT_DAILY_GOAL;
}

export async function saveGoal(db: Db, idpUserId: string, dailyGoal: number, now: number): Promise<void> {
  await db
    .insertInto('calorieGoals')
    .values({ idpUserId, dailyGoal, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('idpUserId').doUpdateSet({ dailyGoal, updatedAt: now }))
    .execute();
}

/**
 * The day's log, created with the goal in force if it does not exist yet. The upsert takes the
 * row's lock, so concurrent writers of the same day run one after the other to the end of the
 * transaction (PostgreSQL; SQLite has one writer anyway).
 */
export async function openLog(db: Db, idpUserId: string, date: string, goal: number, now: number): Promise<LogRow> {
  const rows = await db
    .insertInto('calorieLogs')
    .values({
      id: newId(),
      idpUserId,
      date,
      dailyGoal: goal,
      entryCount: 0,
      nextSeq: 0,
      caloriesMilli: 0,
      proteinMilli: 0,
      carbsMilli: 0,
      fatMilli: 0,
      fiberMilli: 0,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.columns(['idpUserId', 'date']).doUpdateSet({ updatedAt: now }))
    .returningAll()
    .execute();
  return rows[0]!;
}

/** The day's existing log, locked for the rest of the transaction; undefined when there is none. */
export async function lockLog(db: Db, idpUserId: string, date: string, now: number): Promise<LogRow | undefined> {
  const rows = await db
    .updateTable('calorieLogs')
    .set({ updatedAt: now })
    .where('idpUserId', '=', idpUserId)
    .where('date', '=', date)
    .returningAll()
    .execute();
  return rows[0];
}

/** Sets the goal of the person's log of `date`, if there is one. */
export async function setLogGoal(db: Db, idpUserId: string, date: string, dailyGoal: number, now: number): Promise<void> {
  await db.updateTable('calorieLogs').set({ dailyGoal, updatedAt: now }).where('idpUserId', '=', idpUserId).where('date', '=', date).execute();
}

/**
 * The entries of a log, read within the page budget: a day has as many as were added, so they are
 * counted first and read as one page of that size.
 */
export async function listEntries(db: Db, logId: string): Promise<EntryRow[]> {
  const ofLog = db.selectFrom('calorieLogEntries').where('logId', '=', logId);
  const { n } = await ofLog.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  if (Number(n) === 0) return [];
  return readPage(db, ofLog.selectAll().orderBy('seq'), Number(n), ['name', 'quantity']);
}

/** Appends entries after the log's last one, in the order given. */
export async function appendEntries(db: Db, log: LogRow, foods: FoodEntryInput[], now: number): Promise<void> {
  const first = Number(log.nextSeq);
  await db
    .insertInto('calorieLogEntries')
    .values(
      foods.map((f, i) => ({
        id: newId(),
        logId: log.id,
        seq: first + i,
        name: f.name,
        calories: f.calories,
        protein: f.protein ?? null,
        carbs: f.carbs ?? null,
        fat: f.fat ?? null,
        fiber: f.fiber ?? null,
        quantity: f.quantity ?? null,
        createdAt: now,
      })),
    )
    .execute();
  await db.updateTable('calorieLogs').set({ nextSeq: first + foods.length }).where('id', '=', log.id).execute();
}

export async function deleteEntry(db: Db, entryId: string): Promise<void> {
  await db.deleteFrom('calorieLogEntries').where('id', '=', entryId).execute();
}

export async function deleteAllEntries(db: Db, logId: string): Promise<void> {
  await db.deleteFrom('calorieLogEntries').where('logId', '=', logId).execute();
}

/** Stores the day's totals, recomputed from its entries (never incremented, so they cannot drift). */
export async function saveTotals(db: Db, logId: string, entryCount: number, milli: MilliTotals): Promise<LogRow> {
  const rows = await db
    .updateTable('calorieLogs')
    .set({
      entryCount,
      caloriesMilli: milli.calories,
      proteinMilli: milli.protein,
      carbsMilli: milli.carbs,
      fatMilli: milli.fat,
      fiberMilli: milli.fiber,
    })
    .where('id', '=', logId)
    .returningAll()
    .execute();
  return rows[0]!;
}

/** The `limit` most recent logs with at least one entry dated `to` or earlier, newest first. */
export async function recentLogs(db: Db, idpUserId: string, to: string, limit: number): Promise<LogRow[]> {
  return db
    .selectFrom('calorieLogs')
    .selectAll()
    .where('idpUserId', '=', idpUserId)
    .where('date', '<=', to)
    .where('entryCount', '>', 0)
    .orderBy('date', 'desc')
    .limit(limit)
    .execute();
}

/** Reads a log row's bigint totals as numbers (PostgreSQL's int8 parser already does; SQLite returns numbers). */
export function milliOf(log: LogRow): MilliTotals {
  return {
    calories: Number(log.caloriesMilli),
    protein: Number(log.proteinMilli),
    carbs: Number(log.carbsMilli),
    fat: Number(log.fatMilli),
    fiber: Number(log.fiberMilli),
  };
}
