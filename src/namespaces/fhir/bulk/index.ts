import { openToBackendClients } from '../../../access/clients.ts';
import type { Operation } from '../../../operations/operation.ts';
import { bulkExport } from './bulkExport.ts';
import { bulkExportCancel } from './bulkExportCancel.ts';
import { bulkExportFile } from './bulkExportFile.ts';
import { bulkExportStatus } from './bulkExportStatus.ts';

/** FHIR Bulk Data export (docs/fhir.md, "Bulk Data export"): its operations, its job and its routes. */
export const bulkOperations: Operation[] = [bulkExport, bulkExportStatus, bulkExportCancel, bulkExportFile].map(openToBackendClients);
export { bulkExportJobs } from './bulk.job.ts';
export { bulkRoutes } from './bulk.http.ts';
