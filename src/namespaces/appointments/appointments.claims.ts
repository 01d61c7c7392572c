import type { Context } from '../../operations/operation.ts';
import { clockOf, type OrganizationClock } from './appointments.references.ts';
import { claimSlot, type Interval } from './appointments.slots.ts';

/** Whose time a booking takes: the appointment's doctor and patient (and the appointment itself, never a clash with itself). */
export interface Holder {
  organizationId: string;
  doctorId: string;
  patientId: string;
  id?: string | undefined;
}

/** claimSlot() for an appointment, under its organization's setting for overlapping appointments (`clock`: when the caller has read it already). */
export async function claimTime(ctx: Context, holder: Holder, interval: Interval, clock?: OrganizationClock): Promise<void> {
  const { settings } = clock ?? (await clockOf(ctx, holder.organizationId));
  const { organizationId, doctorId, patientId, id } = holder;
  await claimSlot(ctx, { organizationId, doctorId, patientId, interval, excludeId: id, allowOverlap: settings.allowOverlappingAppointments });
}
