import type { Operation } from '../../operations/operation.ts';
import { admissionLogs } from './admissionLogs.resource.ts';

export const operations: Operation[] = [...admissionLogs.operations];
