/** What other namespaces use of pushDevices; they import it from here only. */
export { userTimeZone } from './pushDevices.timeZone.ts';
