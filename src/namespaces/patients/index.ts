import type { Operation } from '../../rpc/operation.ts';
import { patients } from './patients.resource.ts';

export const operations: Operation[] = [...patients.operations];
