import type { Operation } from '../../operations/operation.ts';
import { list } from './list.ts';
import { suppliers } from './suppliers.resource.ts';

export const operations: Operation[] = [...suppliers.operations, list];
