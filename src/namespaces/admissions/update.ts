import { defineOperation } from '../../operations/operation.ts';
import { admissions } from './admissions.resource.ts';
import { changeAdmission } from './admissions.change.ts';

/**
 * Updates an admission: omitted fields unchanged, null clears (the required ones cannot be cleared).
 * Status moves follow the table in admissions.status.ts and stamp their times and actors; entering
 * DISCHARGED needs the balance settled (the discharge gate); the bed follows bedId and the status. The admission row is
 * locked first, so concurrent updates of one admission run one after the other. Every status
 * change, bed move and billing clearance is logged in the same transaction.
 */
export const update = defineOperation({
  ...admissions.declared.update,
  summary: 'Update an admission: status moves, discharge, bed moves, billing clearance',
  async handler(ctx, input) {
    const { id, organizationId, ...fields } = input;
    return { item: await changeAdmission(ctx, organizationId!, id, fields) };
  },
});
