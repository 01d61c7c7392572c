import type { Operation } from '../../rpc/operation.ts';
import { create } from './create.ts';
import { getById } from './getById.ts';
import { labResultFiles } from './labResultFiles.resource.ts';
import { update } from './update.ts';

export const operations: Operation[] = [create, getById, update, ...labResultFiles.operations];
