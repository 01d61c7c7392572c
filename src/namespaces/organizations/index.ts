import type { Operation } from '../../operations/operation.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { getBySlug } from './getBySlug.ts';
import { organizations } from './organizations.resource.ts';
import { update } from './update.ts';
import { shownToCaller } from './organizations.view.ts';

export const operations: Operation[] = [...organizations.operations.map(shownToCaller), create, update, remove, shownToCaller(getBySlug)];
