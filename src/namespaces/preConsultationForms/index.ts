import type { Operation } from '../../operations/operation.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { getById } from './getById.ts';
import { listByOrganization } from './listByOrganization.ts';
import { update } from './update.ts';

export const operations: Operation[] = [create, getById, update, remove, listByOrganization];
