import type { Db } from '../../db/database.ts';
import { notFound } from '../../values/errors.ts';
import { parseJsonArray } from '../../values/record.ts';

/** The queries behind the services resource's invariants (doctor reference, rooms using a bed service). */

/** Is `userId` the id of a user record of the organization that holds role doctor? */
export async function isDoctorOf(db: Db, organizationId: string, userId: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select(['role', 'roles'])
    .where('id', '=', userId)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  return !!user && (user.role === 'doctor' || parseJsonArray(user.roles).includes('doctor'));
}

/** The doctor a read names (a user record of the organization with role doctor), else NOT_FOUND (`doctor not found`). */
export async function knownDoctor(db: Db, organizationId: string, userId: string): Promise<void> {
  if (!(await isDoctorOf(db, organizationId, userId))) throw notFound('doctor');
}

/** The room number of a room that uses the service as its bed type, if any. */
export async function roomUsingService(db: Db, organizationId: string, serviceId: string): Promise<string | undefined> {
  const room = await db
    .selectFrom('rooms')
    .select('roomNumber')
    .where('organizationId', '=', organizationId)
    .where('bedTypeServiceId', '=', serviceId)
    .limit(1)
    .executeTakeFirst();
  return room?.roomNumber;
}
