import type { Operation } from '../../rpc/operation.ts';
import { wards } from './wards.resource.ts';

export const operations: Operation[] = [...wards.operations];
