import type { Operation } from '../../operations/operation.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { listByOrganization } from './listByOrganization.ts';
import { notifications } from './notifications.resource.ts';
import { update } from './update.ts';

export { notify } from './notifications.notify.ts';
export const operations: Operation[] = [...notifications.operations, create, update, remove, listByOrganization];
