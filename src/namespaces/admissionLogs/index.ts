import type { Operation } from '../../rpc/operation.ts';
import { admissionLogs } from './admissionLogs.resource.ts';

export const operations: Operation[] = [...admissionLogs.operations];
