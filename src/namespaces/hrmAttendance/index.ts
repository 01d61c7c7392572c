import type { Operation } from '../../operations/operation.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { getById } from './getById.ts';
import { getSummary } from './getSummary.ts';
import { list } from './list.ts';
import { update } from './update.ts';

export const operations: Operation[] = [create, remove, getById, getSummary, list, update];
