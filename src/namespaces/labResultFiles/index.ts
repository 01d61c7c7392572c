import type { Operation } from '../../operations/operation.ts';
import { create } from './create.ts';
import { getById } from './getById.ts';
import { labResultFiles } from './labResultFiles.resource.ts';
import { update } from './update.ts';

export const operations: Operation[] = [create, getById, update, ...labResultFiles.operations];
export { events } from './labResultFiles.events.ts';
