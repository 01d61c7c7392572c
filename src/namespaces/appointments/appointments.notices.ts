import type { Context } from '../../operations/operation.ts';
import { notify } from '../notifications/notifications.public.ts';

/** What a person is told about an appointment (through notify(): the outbox, once per dedupeKey). */
export interface Notice {
  type: string;
  title: string;
  message: string;
  priority?: 'high';
  /** the app's screen the notification opens, with the appointment; none: it opens nothing */
  navigationTarget?: 'appointment' | 'appointment_call';
  dedupeKey: string;
  expiresAt?: number | null;
}

/** Tells `to` (a sign-in identity and its role) about the appointment; answers the notification (the one sent before for the dedupeKey). */
export async function tellAbout(ctx: Context, appointment: { id: string; organizationId: string }, to: { idpUserId: string; role: string }, notice: Notice) {
  const { organizationId } = appointment;
  const { navigationTarget, ...told } = notice;
  const { item } = await notify(ctx.db, ctx, {
    ...told,
    organizationId,
    recipientIdpUserId: to.idpUserId,
    recipientRole: to.role,
    relatedEntityType: 'appointment',
    relatedEntityId: appointment.id,
    ...(navigationTarget ? { navigationTarget, navigationParams: { appointmentId: appointment.id, organizationId } } : {}),
  });
  return item;
}
