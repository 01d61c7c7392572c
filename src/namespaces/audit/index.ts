import type { Operation } from '../../operations/operation.ts';
import { list } from './list.ts';
import { listReads } from './listReads.ts';
import { listReadsOfMyRecords } from './listReadsOfMyRecords.ts';

export const operations: Operation[] = [list, listReads, listReadsOfMyRecords];
