import type { Operation } from '../../operations/operation.ts';
import { services } from './services.resource.ts';

export const operations: Operation[] = [...services.operations];
