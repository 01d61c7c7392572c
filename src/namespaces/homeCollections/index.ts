import type { Operation } from '../../operations/operation.ts';
import { homeCollections } from './homeCollections.resource.ts';
import { list } from './list.ts';
import { create, remove, update } from './write.ts';

export const operations: Operation[] = [create, update, remove, list, ...homeCollections.operations];
