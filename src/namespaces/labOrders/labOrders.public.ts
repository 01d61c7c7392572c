/** What other namespaces use of labOrders; they import it from here only. */
export { optionalOrganizationId } from './labOrders.fields.ts';
export { findLabOrder, type LabOrderRecord, lockLabOrder, markExternalResultUploaded } from './labOrders.repo.ts';
export type { LabResultFilesTable } from './labOrders.table.ts';
