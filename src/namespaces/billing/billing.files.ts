import { FileAnswer } from '../../operations/file-answer.ts';
import type { ReadRecord } from '../../operations/reads.ts';
import type { StoredDocument } from './billing.read.ts';
import { renderHtml } from './render/html.ts';
import type { DocumentView } from './render/view.ts';

export type DocumentFormat = 'pdf' | 'html';

export const DOCUMENT_CONTENT_TYPES: Record<DocumentFormat, string> = { pdf: 'application/pdf', html: 'text/html; charset=utf-8' };

/** INV/2627/17 → INV-2627-17.pdf */
export const documentFileName = (number: string, format: DocumentFormat) => `${number.replaceAll('/', '-')}.${format}`;

/** A document rendered as a file, with the record the read log keeps of it. */
export class DocumentFile extends FileAnswer {
  readonly record: ReadRecord;

  constructor(stored: StoredDocument, format: DocumentFormat, body: Uint8Array | string) {
    super(DOCUMENT_CONTENT_TYPES[format], documentFileName(stored.row.number, format), body);
    this.record = { id: stored.row.id, organizationId: stored.row.organizationId, patientId: stored.row.patientId };
  }
}

/** The document in the format: PDF bytes or an HTML page. */
export async function renderDocument(stored: StoredDocument, view: DocumentView, format: DocumentFormat): Promise<DocumentFile> {
  return new DocumentFile(stored, format, format === 'pdf' ? await renderPdfLater(view) : renderHtml(view));
}

/** PDFKit and its fonts (about 6 MB of heap) are loaded when a process first renders a PDF, not at start. */
export async function renderPdfLater(view: DocumentView): Promise<Buffer> {
  const { renderPdf } = await import('./render/pdf.ts');
  return renderPdf(view);
}
