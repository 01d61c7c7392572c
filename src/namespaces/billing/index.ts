import type { Operation } from '../../operations/operation.ts';
import { cancelDocument } from './cancelDocument.ts';
import { downloadDocument } from './downloadDocument.ts';
import { emailDocument } from './emailDocument.ts';
import { getDocument } from './getDocument.ts';
import { getLogo } from './getLogo.ts';
import { issueCreditNote } from './issueCreditNote.ts';
import { issueInvoice } from './issueInvoice.ts';
import { issueReceipt } from './issueReceipt.ts';
import { listDocuments } from './listDocuments.ts';
import { listMyDocuments } from './listMyDocuments.ts';
import { outstandingReport } from './outstandingReport.ts';
import { removeLogo } from './removeLogo.ts';
import { reportCsv } from './reportCsv.ts';
import { setLogo } from './setLogo.ts';
import { summaryReport } from './summaryReport.ts';
import { taxReport } from './taxReport.ts';

export const operations: Operation[] = [
  issueInvoice,
  issueReceipt,
  issueCreditNote,
  getDocument,
  listDocuments,
  cancelDocument,
  downloadDocument,
  emailDocument,
  listMyDocuments,
  summaryReport,
  taxReport,
  outstandingReport,
  reportCsv,
  setLogo,
  removeLogo,
  getLogo,
];
export { events } from './billing.events.ts';
