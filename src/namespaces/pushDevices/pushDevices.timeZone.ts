import { dateIn, isTimeZone } from '../../time/zone.ts';
import type { Db } from '../../db/database.ts';
import type { Context } from '../../operations/operation.ts';

/**
 * The time zone in which a person's "today" and weeks are taken (calorieLogs, sleepLogs): the zone
 * of the person's most recently seen active push device where it is a valid IANA zone, else the
 * service zone (TIME_ZONE).
 */
export async function userTimeZone(db: Db, ctx: Context, idpUserId: string): Promise<string> {
  const device = await db
    .selectFrom('pushDevices')
    .select('timezone')
    .where('idpUserId', '=', idpUserId)
    .where('isActive', '=', true)
    .where('timezone', 'is not', null)
    .orderBy('lastSeenAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return device?.timezone && isTimeZone(device.timezone) ? device.timezone : ctx.config.timeZone;
}

/** The person's "today": the date now in their time zone (userTimeZone). */
export async function todayOf(ctx: Context, idpUserId: string): Promise<string> {
  return dateIn(await userTimeZone(ctx.db, ctx, idpUserId), ctx.now());
}
