import type { Operation } from '../../operations/operation.ts';
import { analyze } from './analyze.ts';
import { bulk } from './bulk.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { get } from './get.ts';
import { list } from './list.ts';
import { search } from './search.ts';
import { update } from './update.ts';

export const operations: Operation[] = [analyze, bulk, create, remove, get, list, search, update];
