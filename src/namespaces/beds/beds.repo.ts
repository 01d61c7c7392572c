import type { Db } from '../../db/database.ts';
import { matchingRows } from '../../db/queries/matching-rows.ts';
import { rooms, type RoomRecord } from '../rooms/rooms.public.ts';
import { services, type ServiceRecord } from '../services/services.public.ts';
import { wards, type WardRecord } from '../wards/wards.public.ts';
import { beds, type BedRecord } from './beds.resource.ts';

/** Query functions for the beds namespace; each takes the handle first. */

/** Every ward of the organization, by name. */
export async function allWards(db: Db, organizationId: string): Promise<WardRecord[]> {
  const rows = await matchingRows(db, 'wards', { organizationId }, { by: ['name'] }).execute();
  return rows.map((r) => wards.repo.toRecord(r));
}

/** Every room of the ward, by room number. */
export async function roomsOfWard(db: Db, organizationId: string, wardId: string): Promise<RoomRecord[]> {
  const rows = await matchingRows(db, 'rooms', { organizationId, wardId }, { by: ['roomNumber'] }).execute();
  return rows.map((r) => rooms.repo.toRecord(r));
}

/** Every bed of the room, by bed number. */
export async function bedsOfRoom(db: Db, organizationId: string, roomId: string): Promise<BedRecord[]> {
  const rows = await matchingRows(db, 'beds', { organizationId, roomId }, { by: ['bedNumber'] }).execute();
  return rows.map((r) => beds.repo.toRecord(r));
}

/** The number of active beds in active rooms per ward and status. */
export async function bedCounts(db: Db, organizationId: string): Promise<{ wardId: string; status: string; n: number }[]> {
  const rows = await db
    .selectFrom('beds')
    .innerJoin('rooms', 'rooms.id', 'beds.roomId')
    .select(['beds.wardId as wardId', 'beds.status as status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('beds.organizationId', '=', organizationId)
    .where('beds.isActive', '=', true)
    .where('rooms.isActive', '=', true)
    .groupBy(['beds.wardId', 'beds.status'])
    .execute();
  return rows.map((r) => ({ wardId: r.wardId, status: r.status, n: Number(r.n) }));
}

/** The organization's active services of category bed, by name. */
export async function bedTypeServices(db: Db, organizationId: string): Promise<ServiceRecord[]> {
  const rows = await matchingRows(db, 'services', { organizationId, category: 'bed', isActive: true }, { by: ['name'] }).execute();
  return rows.map((r) => services.repo.toRecord(r));
}
