import type { Db } from '../../db/database.ts';
import { matchingRows } from '../../db/queries/matching-rows.ts';

/** The queries behind the beds resource's invariants (its room, admissions referring to it). */

export async function findRoom(db: Db, organizationId: string, roomId: string): Promise<{ id: string; wardId: string } | undefined> {
  return db.selectFrom('rooms').select(['id', 'wardId']).where('organizationId', '=', organizationId).where('id', '=', roomId).executeTakeFirst();
}

/** The id of an admission (of any status) that names the bed, if any. */
export async function referencesToBed(db: Db, organizationId: string, bedId: string): Promise<string | undefined> {
  const admission = await matchingRows(db, 'admissions', { organizationId, bedId }).limit(1).executeTakeFirst();
  return admission?.id;
}
