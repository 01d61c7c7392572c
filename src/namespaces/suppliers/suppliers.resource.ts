import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError } from '../../values/errors.ts';
import { reqStr, str } from '../../values/fields.ts';
import { defineResource } from '../../resources/resource.ts';
import { itemsSuppliedBy } from './suppliers.repo.ts';

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

/**
 * An organization's suppliers (inventory). `isActive` defaults to true (null puts the default
 * back). A supplier that inventory items name cannot be deleted (INVALID_STATE): deactivate it.
 * `module` is given on create only: the interface's update fields leave it out, so a value sent
 * to update is ignored like any unknown field. The list is written by hand (it sorts).
 */
export const suppliers = defineResource({
  namespace: 'suppliers', audience: member(),
  table: 'suppliers',
  scope: 'organization',
  fields: {
    module: { kind: 'string', schema: text(100) },
    name: { kind: 'string', required: true, schema: reqStr().max(200) },
    contactPerson: { kind: 'string', schema: str().max(200) },
    phone: { kind: 'string', schema: str().trim().max(32) },
    email: { kind: 'email' },
    gstNumber: { kind: 'string', schema: str().trim().max(32) },
    address: { kind: 'string', schema: str().max(1000) },
    isActive: { kind: 'bool', default: true },
  },
  createOnly: ['module'],
  generate: ['create', 'getById', 'update', 'delete'],
  async prepare(record) {
    return { ...record, isActive: record.isActive ?? true };
  },
  async beforeDelete(ctx, record) {
    const count = await itemsSuppliedBy(ctx.db, record.organizationId, record.id);
    if (count > 0) {
      throw new AppError('INVALID_STATE', `${count} inventory item(s) name this supplier: change them or deactivate the supplier (isActive false) instead`);
    }
  },
});
