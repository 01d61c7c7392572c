import { membershipIn, type Caller } from '../../caller/caller.ts';
import type { z } from 'zod';
import type { Operation } from '../../operations/operation.ts';
import type { OrganizationRecord } from './organizations.resource.ts';

/** What only the organization's members and platform admins see: its identity-provider team and its settings. */
const PRIVATE_FIELDS = ['idpTeamId', 'settings'];

/** The whole record for the organization's members and platform admins; its public fields for everyone else. */
export function organizationFor(caller: Caller, record: OrganizationRecord): Partial<OrganizationRecord> {
  if (membershipIn(caller, record.id)) return record;
  return Object.fromEntries(Object.entries(record).filter(([field]) => !PRIVATE_FIELDS.includes(field)));
}

type Answer = { item: OrganizationRecord } | { items: OrganizationRecord[] };

/**
 * A public read (`{ item }` or a page) whose organizations are shown to the caller through
 * organizationFor; `output` is its result as shown (organizations.results.ts, shownOrganization),
 * by default the one the operation declares.
 */
export function shownToCaller(op: Operation, output: z.ZodType | undefined = op.output): Operation {
  return {
    ...op,
    output,
    async handler(ctx, input) {
      const answer = (await op.handler(ctx, input)) as Answer;
      if ('item' in answer) return { ...answer, item: organizationFor(ctx.caller, answer.item) };
      return { ...answer, items: answer.items.map((record) => organizationFor(ctx.caller, record)) };
    },
  };
}
