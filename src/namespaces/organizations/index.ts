import type { Operation } from '../../rpc/operation.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { getBySlug } from './getBySlug.ts';
import { organizations } from './organizations.resource.ts';
import { update } from './update.ts';

export const operations: Operation[] = [...organizations.operations, create, update, remove, getBySlug];
