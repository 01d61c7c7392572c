import type { Operation } from '../../operations/operation.ts';
import { list } from './list.ts';

export const operations: Operation[] = [list];
