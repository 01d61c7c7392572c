import type { Operation } from '../../rpc/operation.ts';
import { rooms } from './rooms.resource.ts';

export const operations: Operation[] = [...rooms.operations];
