import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError, validationFailed } from '../../values/errors.ts';
import { id, str } from '../../values/fields.ts';
import type { Context } from '../../operations/operation.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { byPatientId } from '../../operations/reads.ts';
import { matchingRows } from '../../db/queries/matching-rows.ts';

export type AdmissionLogRecord = ResourceRecord<'admissionLogs'>;

const label = () => z.string().trim().min(1, 'must not be empty').max(64);

/** The admission must be the organization's and the patient the admission's; the actor a users record there. */
async function checkReferences(record: AdmissionLogRecord, ctx: Context, current: AdmissionLogRecord | undefined): Promise<void> {
  const organizationId = record.organizationId;
  if (record.admissionId !== current?.admissionId || record.patientId !== current?.patientId) {
    const admission = await ctx.db
      .selectFrom('admissions')
      .select('patientId')
      .where('organizationId', '=', organizationId)
      .where('id', '=', record.admissionId)
      .executeTakeFirst();
    if (!admission) throw validationFailed('admissionId', 'no such admission in this organization');
    if (admission.patientId !== record.patientId) throw validationFailed('patientId', 'must be the patient of the admission');
  }
  const userId = record.performedByUserId;
  if (userId !== current?.performedByUserId) {
    const user =
      userId !== null &&
      (await ctx.db.selectFrom('users').select('id').where('organizationId', '=', organizationId).where('id', '=', userId).executeTakeFirst());
    if (!user) throw validationFailed('performedByUserId', 'must be the id of a user record of this organization');
  }
}

/**
 * With a token, a row is written in the caller's own name: performedByUserId its users record in
 * the organization and performedByRole one of its roles there, so that no one credits a doctor
 * with a nurse's note. Platform admins (imports, back-fills) and the optional mode's requests
 * without a token name anyone of the organization.
 */
function assertWrittenByCaller(record: AdmissionLogRecord, ctx: Context, current: AdmissionLogRecord | undefined): void {
  const caller = ctx.caller;
  if (caller.kind !== 'user' || caller.isPlatformAdmin) return;
  if (record.performedByUserId === current?.performedByUserId && record.performedByRole === current?.performedByRole) return;
  const membership = ctx.membership;
  if (!membership || record.performedByUserId !== membership.userId) {
    throw new AppError('FORBIDDEN', 'performedByUserId must be your own user record in this organization: a log row is written in its writer\'s name');
  }
  if (record.performedByRole === null || !membership.roles.has(record.performedByRole)) {
    throw new AppError('FORBIDDEN', `performedByRole must be one of your roles here: ${[...membership.roles].join(', ')}`);
  }
}

function assertManual(record: AdmissionLogRecord): void {
  if (record.source === 'system') {
    throw new AppError('INVALID_STATE', 'this row was written by the admissions workflow: it is history and cannot be changed or deleted');
  }
}

/**
 * Log rows of admissions. The admissions workflow writes its own rows (`source: system`, see
 * admissionLogs.repo.ts appendLogs), which are immutable; rows written here are `source: manual`
 * (notes, imports) and may be updated and deleted. `createdAt` may be given (back-fills).
 */
export const admissionLogs = defineResource({
  namespace: 'admissionLogs',
  audience: member(),
  readsPatientData: true,
  patientOf: byPatientId,
  table: 'admissionLogs',
  scope: 'organization',
  clientTimestamps: true,
  fields: {
    admissionId: { kind: 'string', required: true, schema: id() },
    patientId: { kind: 'string', required: true, schema: id() },
    event: { kind: 'string', required: true, schema: label() },
    // The workflow's own rows (source: system) name no one when the change came without a token.
    performedByUserId: { kind: 'string', required: true, nullInRecords: true, schema: id() },
    performedByRole: { kind: 'string', required: true, nullInRecords: true, schema: label() },
    notes: { kind: 'string', schema: str() },
  },
  listFilters: ['admissionId', 'event'],
  listReferences: { admissionId: { noun: 'admission', find: (db, organizationId, id) => matchingRows(db, 'admissions', { organizationId, id }).executeTakeFirst() } },
  async prepare(record, ctx, current) {
    if (current) assertManual(current);
    assertWrittenByCaller(record, ctx, current);
    await checkReferences(record, ctx, current);
    return record;
  },
  async beforeDelete(_ctx, record) {
    assertManual(record);
  },
});
