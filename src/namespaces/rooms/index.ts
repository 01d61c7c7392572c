import type { Operation } from '../../operations/operation.ts';
import { rooms } from './rooms.resource.ts';

export const operations: Operation[] = [...rooms.operations];
