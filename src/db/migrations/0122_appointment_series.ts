import type { Kysely } from 'kysely';
import { col } from './columns.ts';

/**
 * Recurring bookings (docs/appointments.md, "Series"): the appointments booked together by
 * appointments.createSeries share a `seriesId`; cancelSeries finds them by it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('seriesId', col.id).execute();
  await db.schema.createIndex('appointments_series').on('appointments').columns(['organizationId', 'seriesId']).where('seriesId', 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('appointments_series').execute();
  await db.schema.alterTable('appointments').dropColumn('seriesId').execute();
}
