import type { Operation } from '../rpc/operation.ts';
import * as tokenCounters from './tokenCounters/index.ts';

/** Every namespace's operations. An operation not listed here answers UNKNOWN_OPERATION. */
export const allOperations: Operation[] = [...tokenCounters.operations];
