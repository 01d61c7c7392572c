/** What other namespaces use of notifications; they import it from here only. */
export { notify } from './notifications.notify.ts';
