import type { Operation } from '../../rpc/operation.ts';
import { list } from './list.ts';

export const operations: Operation[] = [list];
