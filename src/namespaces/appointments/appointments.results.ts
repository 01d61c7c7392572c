import { z } from 'zod';
import { out } from '../../values/results.ts';
import { organizationRecordKey, writeTimes } from '../../values/result-fields.ts';
import type { HistoryOperation } from './appointments.repo.ts';
import { STATUSES } from './appointments.status.ts';

/** Result schemas of the appointments namespace (src/values/results.ts): records as the operations answer them. */

/** The operations that record a move in `history` (HistoryOperation, appointments.repo.ts). */
const HISTORY_OPERATIONS = ['reschedule', 'update', 'checkIn', 'start', 'complete', 'cancel', 'markNoShow', 'markPaymentSuccess'] as const satisfies readonly HistoryOperation[];

/** One move of an appointment (HistoryEntry): the values before it, who moved it and why. */
export const historyEntry = z
  .object({
    at: out.ts(),
    by: out.text().nullable(),
    operation: z.enum(HISTORY_OPERATIONS),
    previous: z.object({ scheduledDate: out.date(), scheduledTime: out.time(), duration: out.int(), status: out.text() }),
    reason: out.text().nullable(),
  })
  .meta({ title: 'appointment history entry' });

/** An appointment as appointments.repo.ts toRecord gives it: money as numbers, booleans, history decoded. */
export const appointmentRecord = out
  .record({
    ...organizationRecordKey(),
    organizationBranchId: out.id().nullable(),
    patientId: out.id(),
    doctorId: out.id(),
    serviceId: out.id().nullable(),
    scheduledDate: out.date(),
    scheduledTime: out.time(),
    duration: out.int(),
    type: out.text().nullable(),
    /** the status label: a known status or any text `update` stored */
    status: out.text(),
    reason: out.text().nullable(),
    notes: out.text().nullable(),
    rescheduleReason: out.text().nullable(),
    cancelledAt: out.ts().nullable(),
    cancelledReason: out.text().nullable(),
    consultationFee: out.number().nullable(),
    paymentStatus: out.text().nullable(),
    amountPaid: out.number().nullable(),
    paidAt: out.ts().nullable(),
    paymentMethod: out.text().nullable(),
    gateway: out.text().nullable(),
    gatewayOrderId: out.text().nullable(),
    gatewayPaymentId: out.text().nullable(),
    checkoutSessionId: out.text().nullable(),
    holdExpiresAt: out.ts().nullable(),
    isPreConsultationCompleted: out.bool().nullable(),
    followUpDate: out.date().nullable(),
    followUpStatus: out.text().nullable(),
    followUpNotificationSent: out.bool().nullable(),
    callJoinNotifiedAt: out.ts().nullable(),
    patientJoinedAt: out.ts().nullable(),
    history: z.array(historyEntry),
    seriesId: out.id().nullable(),
    ...writeTimes(),
  })
  .meta({ title: 'appointment' });

/** `{ item }` with an appointment. */
export const appointmentItem = z.object({ item: appointmentRecord });

/** The appointments of a series: `{ seriesId, items }`. */
export const seriesResult = z.object({ seriesId: out.id(), items: z.array(appointmentRecord) });

/** A reserved block of a doctor's day (ReservedSlot, appointments.slots.ts). */
export const reservedSlotRecord = out
  .record({
    ...organizationRecordKey(),
    doctorId: out.id(),
    slotDate: out.date(),
    startTime: out.time(),
    /** `24:00` when the block runs to the end of the day */
    endTime: out.time(),
    createdBy: out.text().nullable(),
    ...writeTimes(),
  })
  .meta({ title: 'reserved slot' });

/** A waitlist entry (WaitlistRecord, appointments.waitlist.ts): the status its offer's hold implies. */
export const waitlistRecord = out
  .record({
    ...organizationRecordKey(),
    doctorId: out.id(),
    patientId: out.id(),
    serviceId: out.id().nullable(),
    date: out.date(),
    duration: out.int(),
    type: out.text(),
    notes: out.text().nullable(),
    status: z.enum(['waiting', 'offered', 'booked', 'expired', 'cancelled']),
    appointmentId: out.id().nullable(),
    offeredAt: out.ts().nullable(),
    /** until when the offer's pending hold runs (null unless the hold is pending) */
    offerExpiresAt: out.ts().nullable(),
    ...writeTimes(),
  })
  .meta({ title: 'waitlist entry' });

/** Counts per status: the known statuses always present, any other stored label as well. */
export const statusCounts = z.object(Object.fromEntries(STATUSES.map((s) => [s, out.int()])) as Record<(typeof STATUSES)[number], z.ZodInt>).catchall(out.int());

/** Where a notification's sms or email delivery stands (notifications.table.ts ChannelOutcome): never the address. */
const channelOutcome = z.object({
  state: z.enum(['pending', 'sent', 'failed']),
  error: out.text().nullable(),
  at: out.ts(),
});

/**
 * A notification as notify() answers it (the notifications namespace's record, described here: its
 * public module exports no schema).
 */
export const notificationRecord = out
  .record({
    ...organizationRecordKey(),
    recipientIdpUserId: out.text(),
    recipientRole: out.text(),
    type: out.text(),
    title: out.text(),
    message: out.text(),
    priority: out.text().nullable(),
    relatedEntityType: out.text().nullable(),
    relatedEntityId: out.text().nullable(),
    actionUrl: out.text().nullable(),
    navigationTarget: out.text().nullable(),
    navigationParams: out.object().nullable(),
    channels: out.strings().nullable(),
    deliveryState: z.enum(['pending', 'sent', 'failed', 'partial']).nullable(),
    pushTicketIds: out.strings().nullable(),
    deliveryError: out.text().nullable(),
    channelDelivery: z.object({ sms: channelOutcome.optional(), email: channelOutcome.optional() }).nullable(),
    dedupeKey: out.text().nullable(),
    expiresAt: out.ts().nullable(),
    isRead: out.bool(),
    readAt: out.ts().nullable(),
    openedAt: out.ts().nullable(),
    ...writeTimes(),
  })
  .meta({ title: 'notification' });

/** The appointment, and the notification sent about it (`notified: false` and null when none could be). */
export const notifiedResult = z.discriminatedUnion('notified', [
  z.object({ item: appointmentRecord, notified: z.literal(true), notification: notificationRecord }),
  z.object({ item: appointmentRecord, notified: z.literal(false), notification: z.null() }),
]);
