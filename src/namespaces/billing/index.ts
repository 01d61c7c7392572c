import type { Operation } from '../../operations/operation.ts';
import { cancelDocument } from './cancelDocument.ts';
import { downloadDocument } from './downloadDocument.ts';
import { emailDocument } from './emailDocument.ts';
import { getDocument } from './getDocument.ts';
import { issueCreditNote } from './issueCreditNote.ts';
import { issueInvoice } from './issueInvoice.ts';
import { issueReceipt } from './issueReceipt.ts';
import { listDocuments } from './listDocuments.ts';
import { listMyDocuments } from './listMyDocuments.ts';

export const operations: Operation[] = [issueInvoice, issueReceipt, issueCreditNote, getDocument, listDocuments, cancelDocument, downloadDocument, emailDocument, listMyDocuments];
export { events } from './billing.events.ts';
