import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError } from '../../values/errors.ts';
import { reqStr, str } from '../../values/fields.ts';
import { matchingRows } from '../../db/queries/matching-rows.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';

export type WardRecord = ResourceRecord<'wards'>;

/** An organization's wards. `code` is unique in the organization when given. */
export const wards = defineResource({
  namespace: 'wards', audience: member(),
  table: 'wards',
  scope: 'organization',
  fields: {
    name: { kind: 'string', required: true, schema: reqStr().max(200) },
    code: { kind: 'string', schema: z.string().trim().min(1, 'must not be empty').max(32) },
    floor: { kind: 'string', schema: z.string().trim().max(32) },
    description: { kind: 'string', schema: str() },
    isActive: { kind: 'bool', default: true },
  },
  listFilters: ['isActive'],
  listSearch: ['name', 'code'],
  prepare: (record) => ({ ...record, isActive: record.isActive ?? true }),
  async beforeDelete(ctx, record) {
    const room = await matchingRows(ctx.db, 'rooms', { organizationId: record.organizationId, wardId: record.id }).limit(1).executeTakeFirst();
    if (room) throw new AppError('INVALID_STATE', `the ward still has rooms (room ${room.roomNumber}): move or delete them first`);
  },
});
