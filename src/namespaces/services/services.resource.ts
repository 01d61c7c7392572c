import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError, validationFailed } from '../../values/errors.ts';
import { id, reqStr } from '../../values/fields.ts';
import type { Context } from '../../operations/operation.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { isDoctorOf, roomUsingService } from './services.checks.ts';

export const SERVICE_CATEGORIES = ['consultation', 'bed', 'lab', 'procedure', 'pharmacy', 'other'] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

/** `price` an amount with at most two decimals, `taxPercent` 0..100 (minor units and basis points in the columns). */
export type ServiceRecord = ResourceRecord<'services'>;

async function checkReferences(record: ServiceRecord, ctx: Context, current: ServiceRecord | undefined): Promise<void> {
  const organizationId = record.organizationId;
  if (record.doctorId && record.doctorId !== current?.doctorId && !(await isDoctorOf(ctx.db, organizationId, record.doctorId))) {
    throw validationFailed('doctorId', 'must be the id of a user record with role doctor in this organization');
  }
  if (current?.category === 'bed' && record.category !== 'bed') {
    const room = await roomUsingService(ctx.db, organizationId, current.id);
    if (room) throw new AppError('INVALID_STATE', `rooms use this service as their bed type (room ${room}): it must stay of category bed`);
  }
}

/**
 * The organization's billable catalogue. `price` is money (integer minor units in the column),
 * `taxPercent` a percentage (basis points in the column; omitted or null = 0). `code` is unique in
 * the organization when given.
 */
export const services = defineResource({
  namespace: 'services', audience: member(),
  table: 'services',
  scope: 'organization',
  fields: {
    name: { kind: 'string', required: true, schema: reqStr().max(200) },
    category: { kind: 'string', required: true, schema: z.enum(SERVICE_CATEGORIES, { error: `must be one of: ${SERVICE_CATEGORIES.join(', ')}` }) },
    code: { kind: 'string', schema: z.string().trim().min(1, 'must not be empty').max(32) },
    price: { kind: 'money', required: true },
    taxPercent: { kind: 'percent', default: 0 },
    /** the GST services code (SAC) its invoice lines carry: 4 to 8 digits, e.g. 999311 (docs/billing.md) */
    sacCode: { kind: 'string', schema: z.string().max(8).regex(/^[0-9]{4,8}$/, 'must be a SAC code: 4 to 8 digits') },
    doctorId: { kind: 'string', schema: id() },
    isActive: { kind: 'bool', default: true },
  },
  listFilters: ['category', 'doctorId', 'isActive'],
  listReferences: { doctorId: { noun: 'doctor', find: isDoctorOf } },
  listSearch: ['name', 'code'],
  async prepare(record, ctx, current) {
    await checkReferences(record, ctx, current);
    return { ...record, taxPercent: record.taxPercent ?? 0, isActive: record.isActive ?? true };
  },
  async beforeDelete(ctx, record) {
    // Charges keep their own copy of name and amount, so they do not hold a service back.
    const room = await roomUsingService(ctx.db, record.organizationId, record.id);
    if (room) throw new AppError('INVALID_STATE', `rooms use this service as their bed type (room ${room}): change them first`);
  },
});
