import type { Operation } from '../rpc/operation.ts';
import * as audit from './audit/index.ts';
import * as auth from './auth/index.ts';
import * as calorieLogs from './calorieLogs/index.ts';
import * as foods from './foods/index.ts';
import * as hrmAttendance from './hrmAttendance/index.ts';
import * as notifications from './notifications/index.ts';
import * as organizations from './organizations/index.ts';
import * as patients from './patients/index.ts';
import * as pushDevices from './pushDevices/index.ts';
import * as rooms from './rooms/index.ts';
import * as services from './services/index.ts';
import * as sleepLogs from './sleepLogs/index.ts';
import * as tokenCounters from './tokenCounters/index.ts';
import * as users from './users/index.ts';
import * as wards from './wards/index.ts';

/** Every namespace's operations. An operation not listed here answers UNKNOWN_OPERATION. */
export const allOperations: Operation[] = [...auth.operations, ...tokenCounters.operations, ...users.operations, ...audit.operations, ...hrmAttendance.operations, ...calorieLogs.operations, ...sleepLogs.operations, ...pushDevices.operations, ...notifications.operations, ...foods.operations, ...organizations.operations, ...patients.operations, ...wards.operations, ...rooms.operations, ...services.operations];
