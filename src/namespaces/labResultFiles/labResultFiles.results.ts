import { z } from 'zod';
import { out } from '../../values/results.ts';
import { labResultFiles } from './labResultFiles.resource.ts';

/**
 * A result file as create, getById and update answer it: the resource's record, where the columns
 * the resource leaves optional but the table and these operations always fill are never null.
 */
export const labResultFileRecord = z.intersection(
  labResultFiles.schemas.record,
  out.record({ uploadedAt: out.ts(), isExternalResult: out.bool(), uploadedByPatient: out.bool() }),
);
