import { member } from '../../access/audience.ts';
import { z } from 'zod';
import { callerId } from '../../auth/caller.ts';
import { id, str, ts } from '../../rpc/fields.ts';
import { newId } from '../../rpc/ids.ts';
import { defineOperation, type Context } from '../../rpc/operation.ts';
import { optionalOrganizationId } from '../labOrders/labOrders.fields.ts';
import { markExternalResultUploaded, organizationOfLabOrder } from '../labOrders/labOrders.repo.ts';
import { resolveOrganization } from '../labOrders/organization.ts';
import { assertMayWriteFiles, checkPatientIdpUserId, isOrdersPatient, orderOfFile, testNamed } from './labOrder.ts';
import { asResultFile, fileId, fileName, fileSize, fileUrl, labResultFiles, mimeType, person, testName } from './labResultFiles.resource.ts';


export const createInput = z.object({
  organizationId: optionalOrganizationId(),
  labOrderId: id(),
  fileId: fileId(),
  fileName: fileName(),
  fileSize: fileSize(),
  mimeType: mimeType(),
  testName: testName().nullish(),
  fileUrl: fileUrl().nullish(),
  description: str().nullish(),
  uploadedBy: person().nullish(),
  patientIdpUserId: person().nullish(),
  uploadedAt: ts().nullish(),
  createdAt: ts().nullish(),
  isExternalResult: z.boolean().nullish(),
  uploadedByPatient: z.boolean().nullish(),
});
type CreateInput = z.output<typeof createInput>;

const organizationOf = (input: CreateInput, ctx: Context) =>
  resolveOrganization(ctx.caller, input.organizationId, { what: 'lab order', lookup: () => organizationOfLabOrder(ctx.db, input.labOrderId) });

/**
 * Records a result file of a lab order of the same organization. Defaults: uploadedBy = the caller,
 * uploadedAt = now, patientIdpUserId = the order's patient's identity, isExternalResult = whether
 * the test named by testName is marked external. A file uploaded by the order's patient is flagged
 * uploadedByPatient whatever was sent. An external result for an external test stamps the test's
 * externalResultUploadedAt (first upload only).
 */
export const create = defineOperation({
  namespace: 'labResultFiles',
  name: 'create', audience: member(),
  summary: 'Record a result file of a lab order',
  writes: true,
  input: createInput,
  organizationOf,
  async handler(ctx, input) {
    const organizationId = await organizationOf(input, ctx);
    const fileOrder = await orderOfFile(ctx.db, organizationId, input.labOrderId);
    assertMayWriteFiles(ctx.caller, fileOrder);
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
    const item = asResultFile(await labResultFiles.repo.insert(ctx.db, record));
    if (item.isExternalResult && test?.isExternal) await markExternalResultUploaded(ctx.db, organizationId, test.id, item.uploadedAt);
    return { item };
  },
});
