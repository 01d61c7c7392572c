import type { Context } from '../../operations/operation.ts';
import { notify } from '../notifications/notifications.public.ts';
import type { PatientRecord } from '../patients/patients.public.ts';
import type { LabOrderRecord } from './labOrders.repo.ts';

/** The dedupe key of an order's results-ready notification: one per order, however often it is reached. */
export const resultsReadyKey = (labOrderId: string) => `lab-order:${labOrderId}:results-ready`;

/**
 * Tells the patient that the order's results are ready, in the operation's transaction (notify()
 * writes the notification and its push job there). Only a patient with a sign-in identity
 * (patients.idpUserId) can be notified; without one nothing is sent.
 */
export async function notifyResultsReady(ctx: Context, order: LabOrderRecord, patient: PatientRecord): Promise<void> {
  if (!patient.idpUserId) return;
  await notify(ctx.db, ctx, {
    organizationId: order.organizationId,
    recipientIdpUserId: patient.idpUserId,
    recipientRole: 'patient',
    type: 'lab_results_ready',
    title: 'Lab results ready',
    message: `The results of your lab order${order.orderId ? ` ${order.orderId}` : ''} are ready.`,
    relatedEntityType: 'labOrders',
    relatedEntityId: order.id,
    navigationTarget: 'LabReport',
    navigationParams: { labOrderId: order.id },
    dedupeKey: resultsReadyKey(order.id),
  });
}
