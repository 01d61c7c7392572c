import type { EventType } from '../../events/events.ts';
import type { AppointmentRecord } from './appointments.repo.ts';

/** The events of an appointment (docs/webhooks.md), added to the core's EventMap. */
declare module '../../events/events.ts' {
  interface EventMap {
    'appointment.created': { appointment: AppointmentRecord };
    'appointment.rescheduled': { appointment: AppointmentRecord; previous: { scheduledDate: string; scheduledTime: string } };
    'appointment.cancelled': { appointment: AppointmentRecord; reason: string | null };
    'appointment.completed': { appointment: AppointmentRecord; reason: string | null };
  }
}

export const events: readonly EventType[] = ['appointment.created', 'appointment.rescheduled', 'appointment.cancelled', 'appointment.completed'];
