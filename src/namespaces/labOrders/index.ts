import type { Operation } from '../../operations/operation.ts';
import { create } from './create.ts';
import { getById } from './getById.ts';
import { getLabReport } from './getLabReport.ts';
import { listByOrganization } from './listByOrganization.ts';
import { update } from './update.ts';

export const operations: Operation[] = [create, getById, getLabReport, listByOrganization, update];
