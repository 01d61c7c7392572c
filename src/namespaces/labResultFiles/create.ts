import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import { ts } from '../../values/fields.ts';
import { newId } from '../../values/ids.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { labResultFileRecord } from './labResultFiles.results.ts';
import { optionalOrganizationId, markExternalResultUploaded } from '../labOrders/labOrders.public.ts';
import { checkPatientIdpUserId, isOrdersPatient, orderOfFile, ownerOfLabOrder, testNamed } from './labResultFiles.labOrder.ts';
import { labResultFiles } from './labResultFiles.resource.ts';
import { emit } from '../../events/events.ts';


export const createInput = z.object({
  organizationId: optionalOrganizationId(),
  ...labResultFiles.schemas.fields.required('labOrderId', 'fileId', 'fileName', 'fileSize', 'mimeType'),
  ...labResultFiles.schemas.fields.nullish('testName', 'fileUrl', 'description', 'uploadedBy', 'patientIdpUserId', 'uploadedAt'),
  createdAt: ts().nullish(),
  ...labResultFiles.schemas.fields.nullish('isExternalResult', 'uploadedByPatient'),
});

/**
 * Records a result file of a lab order of the same organization. Defaults: uploadedBy = the caller,
 * uploadedAt = now, patientIdpUserId = the order's patient's identity, isExternalResult = whether
 * the test named by testName is marked external. A file uploaded by the order's patient is flagged
 * uploadedByPatient whatever was sent. An external result for an external test stamps the test's
 * externalResultUploadedAt (first upload only). The order's patient uploads too (the account linked
 * to its record); without organizationId the file is in the order's organization.
 */
export const create = defineOperation({
  namespace: 'labResultFiles',
  name: 'create', audience: self(ownerOfLabOrder),
  summary: 'Record a result file of a lab order',
  writes: true,
  input: createInput,
  output: itemResult(labResultFileRecord),
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    const fileOrder = await orderOfFile(ctx.db, organizationId, input.labOrderId);
    checkPatientIdpUserId(input.patientIdpUserId, fileOrder);
    const now = ctx.now();
    const test = testNamed(fileOrder, input.testName);
    const record = {
      id: newId(),
      organizationId,
      labOrderId: input.labOrderId,
      testName: input.testName || null,
      fileId: input.fileId,
      fileUrl: input.fileUrl ?? null,
      fileName: input.fileName,
      fileSize: input.fileSize,
      mimeType: input.mimeType,
      description: input.description ?? null,
      uploadedBy: input.uploadedBy ?? callerId(ctx.caller),
      patientIdpUserId: input.patientIdpUserId ?? fileOrder.patientIdpUserId,
      uploadedAt: input.uploadedAt ?? now,
      isExternalResult: input.isExternalResult ?? test?.isExternal ?? false,
      uploadedByPatient: isOrdersPatient(ctx.caller, fileOrder) || (input.uploadedByPatient ?? false),
      createdAt: input.createdAt ?? now,
      updatedAt: now,
    };
    const item = await labResultFiles.repo.insert(ctx.db, record);
    if (item.isExternalResult && test?.isExternal) await markExternalResultUploaded(ctx.db, organizationId, test.id, item.uploadedAt);
    await emit(ctx.db, ctx, organizationId, 'labResult.uploaded', { labResultFile: item });
    return { item };
  },
});
