import type { Operation } from '../../operations/operation.ts';
import { wards } from './wards.resource.ts';

export const operations: Operation[] = [...wards.operations];
