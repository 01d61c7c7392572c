import { z } from 'zod';
import { self } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { id } from '../../values/fields.ts';
import { DOCUMENT_CONTENT_TYPES, renderDocument, type DocumentFile } from './billing.files.ts';
import { ownerByDocument } from './billing.owners.ts';
import { loadDocument } from './billing.read.ts';
import { viewOf } from './billing.view.ts';

/**
 * A document as a file to save, print or send on (docs/billing.md, "PDF and HTML"): the PDF, or
 * the same document as one HTML page, rendered from what was stored when it was issued. Served at
 * POST /billing/document (the body is this data); through /api it is BAD_REQUEST. For the
 * organization's staff with a granted role, and for the patient whose document it is through the
 * account linked to their patient record.
 */
export const downloadDocument = defineOperation({
  namespace: 'billing',
  name: 'downloadDocument',
  audience: self(ownerByDocument),
  summary: 'A billing document as a PDF or an HTML page (POST /billing/document)',
  readsPatientData: true,
  reads: { records: (file: DocumentFile) => [file.record] },
  streamed: { path: '/billing/document', contentTypes: Object.values(DOCUMENT_CONTENT_TYPES), answer: 'the document as a file to save or print (Content-Disposition: attachment; filename="INV-2627-17.pdf")' },
  input: z.object({
    organizationId: id(),
    id: id(),
    format: z.enum(['pdf', 'html']).default('pdf').describe('pdf (A4, the default) or html (one self-contained page)'),
  }),
  async handler(ctx, input) {
    const stored = await loadDocument(ctx.db, input.organizationId, input.id);
    return renderDocument(stored, await viewOf(ctx.db, stored), input.format);
  },
});
