import type { Operation } from '../../operations/operation.ts';
import { itemResult, pageResult } from '../../values/results.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { getBySlug } from './getBySlug.ts';
import { organizations } from './organizations.resource.ts';
import { shownOrganization } from './organizations.results.ts';
import { update } from './update.ts';
import { shownToCaller } from './organizations.view.ts';

/** The generated getById and list answer `{ item }` and a page; organizationFor shows each record to the caller. */
const shownResult = (op: Operation) => (op.name === 'list' ? pageResult(shownOrganization) : itemResult(shownOrganization));

export const operations: Operation[] = [
  ...organizations.operations.map((op) => shownToCaller(op, shownResult(op))),
  create,
  update,
  remove,
  shownToCaller(getBySlug),
];
