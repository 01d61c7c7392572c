import { sql, type Kysely } from 'kysely';
import { col } from './columns.ts';

/**
 * The stage of an appointment's lifecycle in its own column (docs/appointments.md, "Statuses"):
 * the known status it is at, while `status` may be any label. Existing rows take their status
 * when it is a known one, and `scheduled` otherwise (unknown text always counted as scheduled).
 */
const KNOWN = ['pending', 'scheduled', 'confirmed', 'checked_in', 'in_consultation', 'completed', 'cancelled', 'no_show'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('stage', col.text, (c) => c.notNull().defaultTo('scheduled')).execute();
  await sql`update appointments set stage = status where status in (${sql.join(KNOWN)})`.execute(db);
}
