import type { Operation } from '../../operations/operation.ts';
import { list } from './list.ts';
import { listReads } from './list-reads.ts';
import { listReadsOfMyRecords } from './list-reads-of-my-records.ts';

export const operations: Operation[] = [list, listReads, listReadsOfMyRecords];
