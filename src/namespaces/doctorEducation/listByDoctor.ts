import { everyone } from '../../operations/audience.ts';
import { sql } from 'kysely';
import { z } from 'zod';
import { filter, id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult } from '../../values/results.ts';
import { doctorEducation, educationStatus } from './doctorEducation.resource.ts';
import { knownDoctor } from '../services/services.public.ts';

export const SORT_KEYS = ['endYear', 'startYear', 'degree', 'createdAt'] as const;

/**
 * Every education record of the doctor in the organization (`{ items }`, not paged), newest first by
 * endYear unless sortBy / sortOrder say otherwise. A missing year counts as later than any year (an
 * ongoing course is the newest), so it comes first in desc and last in asc. Ties by createdAt, then
 * id, in the same direction. A doctor unknown in the organization has no records: `items` is empty.
 */
export const listByDoctor = defineOperation({
  namespace: 'doctorEducation',
  name: 'listByDoctor', audience: everyone,
  summary: "A doctor's education records, newest first by default",
  input: z.object({
    doctorId: id(),
    organizationId: id(),
    educationStatus: filter(educationStatus()),
    sortBy: filter(z.enum(SORT_KEYS, { error: `must be one of: ${SORT_KEYS.join(', ')}` })).transform((v) => v ?? 'endYear'),
    sortOrder: filter(z.enum(['asc', 'desc'])).transform((v) => v ?? 'desc'),
  }),
  output: itemsResult(doctorEducation.schemas.record),
  async handler(ctx, input) {
    await knownDoctor(ctx.db, input.organizationId, input.doctorId);
    let query = ctx.db
      .selectFrom('doctorEducation')
      .selectAll()
      .where('organizationId', '=', input.organizationId)
      .where('doctorId', '=', input.doctorId);
    if (input.educationStatus) query = query.where('educationStatus', '=', input.educationStatus);
    const order = input.sortOrder;
    const rows = await query
      .orderBy(sql`case when ${sql.ref(input.sortBy)} is null then 1 else 0 end`, order)
      .orderBy(input.sortBy, order)
      .orderBy('createdAt', order)
      .orderBy('id', order)
      .execute();
    return { items: rows.map((row) => doctorEducation.repo.toRecord(row)) };
  },
});
