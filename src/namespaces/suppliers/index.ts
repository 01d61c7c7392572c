import type { Operation } from '../../operations/operation.ts';
import { list } from './list.ts';
import { suppliers } from './suppliers.resource.ts';
import { update } from './update.ts';

export const operations: Operation[] = [...suppliers.operations, update, list];
