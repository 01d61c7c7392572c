import { sql, type Kysely } from 'kysely';

/**
 * Staff see a delivery's state, not the address it went to (docs/notifications.md, "Channels"):
 * the number or email address each sms or email delivery kept in `channelDelivery.<channel>.to`
 * is removed. Delivery looks the address up again at each attempt, so nothing needs it.
 */
const BATCH = 500;

type Outcomes = Record<string, Record<string, unknown>>;

export async function up(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; channelDelivery: string }>`
      select "id", "channelDelivery" from "notifications"
      where "channelDelivery" like '%"to":%' and "id" > ${after} order by "id" limit ${BATCH}`.execute(db);
    for (const row of rows) {
      const outcomes = JSON.parse(row.channelDelivery) as Outcomes;
      for (const outcome of Object.values(outcomes)) delete outcome.to;
      await sql`update "notifications" set "channelDelivery" = ${JSON.stringify(outcomes)} where "id" = ${row.id}`.execute(db);
    }
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

/** The addresses are gone; nothing to restore. */
export async function down(): Promise<void> {}
