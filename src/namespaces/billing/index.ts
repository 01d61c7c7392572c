import type { Operation } from '../../operations/operation.ts';
import { cancelDocument } from './cancelDocument.ts';
import { getDocument } from './getDocument.ts';
import { issueInvoice } from './issueInvoice.ts';
import { listDocuments } from './listDocuments.ts';
import { outstandingReport } from './outstandingReport.ts';
import { summaryReport } from './summaryReport.ts';
import { taxReport } from './taxReport.ts';

export const operations: Operation[] = [issueInvoice, getDocument, listDocuments, cancelDocument, summaryReport, taxReport, outstandingReport];
export { events } from './billing.events.ts';
