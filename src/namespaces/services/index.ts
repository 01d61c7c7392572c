import type { Operation } from '../../rpc/operation.ts';
import { services } from './services.resource.ts';

export const operations: Operation[] = [...services.operations];
