import type { Operation } from '../../operations/operation.ts';
import { cancelDocument } from './cancelDocument.ts';
import { getDocument } from './getDocument.ts';
import { issueCreditNote } from './issueCreditNote.ts';
import { issueInvoice } from './issueInvoice.ts';
import { issueReceipt } from './issueReceipt.ts';
import { listDocuments } from './listDocuments.ts';

export const operations: Operation[] = [issueInvoice, issueReceipt, issueCreditNote, getDocument, listDocuments, cancelDocument];
export { events } from './billing.events.ts';
