/** What other namespaces use of pushDevices; they import it from here only. */
export { todayOf, userTimeZone } from './pushDevices.timeZone.ts';
export type { PushDevicesTable } from './pushDevices.table.ts';
