import type { EventType } from '../../events/events.ts';
import type { PaymentRecord } from './admissions.payments.ts';
import type { AdmissionRecord } from './admissions.resource.ts';

/** The events of an admission and its payments (docs/webhooks.md), added to the core's EventMap. */
declare module '../../events/events.ts' {
  interface EventMap {
    'admission.admitted': { admission: AdmissionRecord };
    'admission.discharged': { admission: AdmissionRecord };
    /** a refund is a payment of a negative amount */
    'payment.recorded': { payment: PaymentRecord; admissionId: string; refund: boolean; balanceDue: number };
  }
}

export const events: readonly EventType[] = ['admission.admitted', 'admission.discharged', 'payment.recorded'];
