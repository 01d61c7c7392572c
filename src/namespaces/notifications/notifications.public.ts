/** What other namespaces use of notifications; they import it from here only. */
export { notify, type NotifyInput } from './notifications.notify.ts';
/** For pushes to a person's own devices outside an organization (sleep reminders). */
export { activeDevices, deactivateDevices } from './notifications.deliveries.ts';
export { outcomeOf } from './notifications.delivery.ts';
