import { member } from '../../operations/audience.ts';
import { organizationOfRecord } from '../../access/organization.ts';
import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { labResultFileRecord } from './labResultFiles.results.ts';
import { checkPatientIdpUserId, orderOfFile } from './labResultFiles.labOrder.ts';
import { labResultFiles } from './labResultFiles.resource.ts';
import { createInput } from './create.ts';

/**
 * The create input, every field optional, and the file's id: the required fields may change but
 * never be cleared; uploadedAt and createdAt (ts? in the interface) take null and keep the stored
 * value (a file always has both).
 */
export const updateInput = z.object({ id: id() }).extend(createInput.partial().shape);
const PLAIN = ['fileId', 'fileName', 'fileSize', 'mimeType', 'uploadedAt', 'createdAt', 'testName', 'fileUrl', 'description', 'uploadedBy'] as const;
/** Nullable in the interface but never empty here: null leaves them as stored. */
const KEPT_ON_NULL: ReadonlySet<string> = new Set(['uploadedAt', 'createdAt']);

/**
 * Updates a result file's metadata. A new labOrderId must be an order of the same organization;
 * uploadedByPatient is set at upload and cannot be changed; isExternalResult null = false;
 * uploadedAt / createdAt null = unchanged. `id` alone finds the file.
 */
export const update = defineOperation({
  namespace: 'labResultFiles',
  name: 'update', audience: member(),
  summary: "Update a result file's metadata",
  writes: true,
  input: updateInput,
  output: itemResult(labResultFileRecord),
  organizationOf: organizationOfRecord('labResultFiles', 'id', 'lab result file'),
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    const current = await labResultFiles.repo.get(ctx.db, organizationId, input.id);
    if (input.uploadedByPatient !== undefined && (input.uploadedByPatient ?? false) !== current.uploadedByPatient) {
      throw validationFailed('uploadedByPatient', 'is set at upload and cannot be changed');
    }
    const movesOrder = input.labOrderId !== undefined && input.labOrderId !== current.labOrderId;
    const fileOrder = await orderOfFile(ctx.db, organizationId, input.labOrderId ?? current.labOrderId);

    const changes: Record<string, unknown> = { updatedAt: ctx.now() };
    for (const key of PLAIN) {
      if (input[key] === undefined || (input[key] === null && KEPT_ON_NULL.has(key))) continue;
      changes[key] = key === 'testName' ? input.testName || null : input[key];
    }
    if (movesOrder) changes.labOrderId = input.labOrderId;
    if (input.isExternalResult !== undefined) changes.isExternalResult = input.isExternalResult ?? false;
    if (input.patientIdpUserId !== undefined || movesOrder) {
      const patientIdpUserId = input.patientIdpUserId !== undefined ? input.patientIdpUserId : fileOrder.patientIdpUserId;
      checkPatientIdpUserId(patientIdpUserId, fileOrder);
      changes.patientIdpUserId = patientIdpUserId;
    }
    return { item: await labResultFiles.repo.patch(ctx.db, organizationId, input.id, changes) };
  },
});
