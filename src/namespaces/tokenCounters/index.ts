import type { Operation } from '../../operations/operation.ts';
import { next } from './next.ts';
import { tokenCounters } from './tokenCounters.resource.ts';

export const operations: Operation[] = [...tokenCounters.operations, next];
