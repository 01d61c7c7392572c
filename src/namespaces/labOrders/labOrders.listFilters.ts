import { filter, id } from '../../values/fields.ts';
import { dateRangeFields, daysOf, oneOrMany, type DateRangeInput } from '../../values/list-filters.ts';
import { dayRange } from '../../time/zone.ts';
import type { Context } from '../../operations/operation.ts';
import { timeZoneOf } from '../organizations/organizations.public.ts';
import { knownPatient } from '../patients/patients.public.ts';
import { knownDoctor } from '../services/services.public.ts';
import { ORDER_STATUSES, type OrderStatus } from './labOrders.fields.ts';
import type { LabOrderFilters } from './labOrders.repo.ts';

/** The filters of listByOrganization and getLabReport (extensions: docs/labs-and-content.md, "Lists"). */
export const listFilterFields = {
  doctorId: filter(id().describe('extension: the ordering doctor\'s users record id; one the organization does not have is NOT_FOUND')),
  patientId: filter(id().describe('extension: a patients record id; one the organization does not have is NOT_FOUND')),
  ...dateRangeFields('orders created (createdAt, on the organization\'s clock)'),
  status: oneOrMany(ORDER_STATUSES, 'orders'),
};

interface ListFilterInput extends DateRangeInput {
  organizationId: string;
  doctorId?: string | undefined;
  patientId?: string | undefined;
  status?: OrderStatus[] | undefined;
}

/** The repository's filters for the input; a doctor or patient the organization does not have is NOT_FOUND. */
export async function filtersOf(ctx: Context, input: ListFilterInput): Promise<LabOrderFilters> {
  const { organizationId } = input;
  if (input.doctorId !== undefined) await knownDoctor(ctx.db, organizationId, input.doctorId);
  if (input.patientId !== undefined) await knownPatient(ctx.db, organizationId, input.patientId);
  const days = daysOf(input);
  const created = days ? dayRange(days.from, days.to, await timeZoneOf(ctx.db, organizationId, ctx.config.timeZone)) : {};
  return { organizationId, doctorId: input.doctorId, patientId: input.patientId, statuses: input.status, createdFrom: created.from, createdTo: created.to };
}
