import type { Operation } from '../rpc/operation.ts';
import * as audit from './audit/index.ts';
import * as auth from './auth/index.ts';
import * as hrmAttendance from './hrmAttendance/index.ts';
import * as tokenCounters from './tokenCounters/index.ts';
import * as users from './users/index.ts';

/** Every namespace's operations. An operation not listed here answers UNKNOWN_OPERATION. */
export const allOperations: Operation[] = [...auth.operations, ...tokenCounters.operations, ...users.operations, ...audit.operations, ...hrmAttendance.operations];
