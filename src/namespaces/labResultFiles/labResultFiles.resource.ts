import { member, self, type OwnerOf } from '../../operations/audience.ts';
import { ownerOfResultList } from './labResultFiles.labOrder.ts';
import { z } from 'zod';
import { id, idpUserId, reqStr, str } from '../../values/fields.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { patientOfFile } from './labResultFiles.reads.ts';

/** Largest file accepted: 1 GiB (a DICOM series can be large; anything bigger is not a single result file). */
export const MAX_FILE_SIZE = 1024 * 1024 * 1024;

/** The result file types accepted (mimeType is compared lower-cased; `image/jpg` is taken as `image/jpeg`). */
export const MIME_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/heic',
  'image/tiff',
  'application/dicom',
  'text/plain',
] as const;

const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/tif': 'image/tiff' };

export const mimeType = () =>
  z
    .string()
    .max(255)
    .trim()
    .toLowerCase()
    .transform((v) => ALIASES[v] ?? v)
    .pipe(z.enum(MIME_TYPES, { error: `must be one of: ${MIME_TYPES.join(', ')}` }));
export const fileSize = () => z.int().min(1, 'must be greater than 0').max(MAX_FILE_SIZE, `must be at most ${MAX_FILE_SIZE} bytes (1 GiB)`);
export const fileUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2048);
export const person = () => z.string().trim().min(1, 'must not be empty').max(256);
export const testName = () => z.string().trim().max(200);
export const fileId = () => reqStr().max(512);
export const fileName = () => reqStr().max(255);

export type LabResultFileRecord = ResourceRecord<'labResultFiles'>;

/**
 * Result file metadata. delete and listByOrganization (filter labOrderId) are generated; create,
 * update and getById are written by hand (optional organizationId, the lab order and patient
 * rules) with these schemas and this repository.
 */
export const labResultFiles = defineResource({
  namespace: 'labResultFiles', audience: member(),
  // A linked patient lists the files of its own lab order (labOrderId); the whole list is the staff's.
  audiences: { list: self(ownerOfResultList as OwnerOf<unknown>) },
  readsPatientData: true,
  patientOf: patientOfFile,
  table: 'labResultFiles',
  scope: 'organization',
  clientTimestamps: true,
  generate: ['delete', 'list'],
  fields: {
    labOrderId: { kind: 'string', required: true, schema: id() },
    testName: { kind: 'string', schema: testName() },
    fileId: { kind: 'string', required: true, schema: fileId() },
    fileUrl: { kind: 'string', schema: fileUrl() },
    fileName: { kind: 'string', required: true, schema: fileName() },
    fileSize: { kind: 'int', required: true, schema: fileSize() },
    mimeType: { kind: 'string', required: true, schema: mimeType() },
    description: { kind: 'string', schema: str() },
    uploadedBy: { kind: 'string', schema: person() },
    patientIdpUserId: { kind: 'string', schema: idpUserId() },
    uploadedAt: { kind: 'ts' },
    isExternalResult: { kind: 'bool' },
    uploadedByPatient: { kind: 'bool' },
  },
  listFilters: ['labOrderId'],
});
