import type { Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * calorieLogs: a person's daily goal (one row per idpUserId), one log per person per day (the goal
 * in force that day and the day's totals, kept in integer thousandths so sums never drift), and the
 * day's food entries in the order they were added (`seq`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calorieGoals')
    .addColumn('idpUserId', col.text, (c) => c.primaryKey())
    .addColumn('dailyGoal', col.real, notNull)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();

  await db.schema
    .createTable('calorieLogs')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('idpUserId', col.text, notNull)
    .addColumn('date', col.text, notNull)
    .addColumn('dailyGoal', col.real, notNull)
    .addColumn('entryCount', col.int, (c) => c.notNull().defaultTo(0))
    .addColumn('nextSeq', col.int, (c) => c.notNull().defaultTo(0))
    .addColumn('caloriesMilli', col.ts, (c) => c.notNull().defaultTo(0))
    .addColumn('proteinMilli', col.ts, (c) => c.notNull().defaultTo(0))
    .addColumn('carbsMilli', col.ts, (c) => c.notNull().defaultTo(0))
    .addColumn('fatMilli', col.ts, (c) => c.notNull().defaultTo(0))
    .addColumn('fiberMilli', col.ts, (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .addUniqueConstraint('calorieLogs_user_date', ['idpUserId', 'date'])
    .execute();

  await db.schema
    .createTable('calorieLogEntries')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('logId', col.id, (c) => c.notNull().references('calorieLogs.id').onDelete('cascade'))
    .addColumn('seq', col.int, notNull)
    .addColumn('name', col.text, notNull)
    .addColumn('calories', col.real, notNull)
    .addColumn('protein', col.real)
    .addColumn('carbs', col.real)
    .addColumn('fat', col.real)
    .addColumn('fiber', col.real)
    .addColumn('quantity', col.text)
    .addColumn('createdAt', col.ts, notNull)
    .addUniqueConstraint('calorieLogEntries_log_seq', ['logId', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calorieLogEntries').execute();
  await db.schema.dropTable('calorieLogs').execute();
  await db.schema.dropTable('calorieGoals').execute();
}
