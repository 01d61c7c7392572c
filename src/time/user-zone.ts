import type { Db } from '../db/database.ts';
import type { Context } from '../rpc/operation.ts';

/**
 * The time zone in which a person's "today" and weeks are taken (calorieLogs, sleepLogs).
 *
 * THE place to plug in the device's zone: the person's most recently seen push device
 * (`pushDevices.timezone`, latest `lastSeenAt`) where it is known and a valid IANA zone, else the
 * service zone. Until that is wired in, every person's zone is the service zone
 * (`ctx.config.timeZone`, TIME_ZONE). Callers already pass the handle and person and await it.
 */
export async function userTimeZone(_db: Db, ctx: Context, _idpUserId: string): Promise<string> {
  return ctx.config.timeZone;
}
