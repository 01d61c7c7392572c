import { z } from 'zod';
import { recordAudit } from '../../audit-trail/trail.ts';
import { member } from '../../operations/audience.ts';
import { defineOperation, type RateLimit } from '../../operations/operation.ts';
import { byPatientId, itemReads } from '../../operations/reads.ts';
import { AppError, validationFailed } from '../../values/errors.ts';
import { email, id } from '../../values/fields.ts';
import { itemResult, out } from '../../values/results.ts';
import { findPatient } from '../patients/patients.public.ts';
import { DOCUMENT_CONTENT_TYPES, documentFileName, renderPdfLater } from './billing.files.ts';
import { loadDocument } from './billing.read.ts';
import { viewOf } from './billing.view.ts';
import { titles } from './render/document-content.ts';
import type { DocumentView } from './render/view.ts';

type Input = { organizationId: string; id: string; to?: string | null | undefined };

const DAY = 24 * 60 * 60;

/**
 * A document's mail goes to any address staff type, so it is counted (in the database, for every
 * process: src/rpc/rate-limits.ts) per document, per address whichever organization sends to it,
 * and per organization. Windows configurable as RATE_LIMIT_BILLING_EMAIL_DOCUMENT_DOCUMENT / _EMAIL / _ORGANIZATION.
 */
export const DOCUMENT_MAIL_LIMITS: RateLimit<Input>[] = [
  { name: 'billing.emailDocument:document', points: 5, durationSeconds: DAY, key: (input) => `${input.organizationId}:${input.id}` },
  { name: 'billing.emailDocument:email', points: 10, durationSeconds: DAY, key: (input) => input.to ?? undefined },
  { name: 'billing.emailDocument:organization', points: 500, durationSeconds: DAY, key: (input) => input.organizationId },
];

/**
 * Sends a document's PDF by mail, to the address given or else the patient's email. It talks to
 * the mail provider, so it holds no transaction open while it does (`manual`): the audit row is
 * written once the mail is accepted, and a retry with the same Idempotency-Key is answered without
 * sending the mail again. No mail provider: NOT_CONFIGURED, nothing sent.
 */
export const emailDocument = defineOperation({
  namespace: 'billing',
  name: 'emailDocument',
  audience: member(),
  summary: "Send a billing document's PDF by email (to the patient's email unless another address is given)",
  writes: 'manual',
  readsPatientData: true,
  reads: itemReads(byPatientId),
  rateLimits: DOCUMENT_MAIL_LIMITS,
  input: z.object({
    organizationId: id(),
    id: id(),
    to: email().nullish().describe("the address to send it to; default the patient's email"),
  }),
  output: itemResult(out.record({ id: out.id(), number: out.text(), patientId: out.id().nullable(), to: out.text(), sentAt: out.ts() })),
  async handler(ctx, input) {
    const mailer = ctx.services.mailer;
    if (!mailer) throw new AppError('NOT_CONFIGURED', 'sending documents by email needs a mail provider (SMTP_URL)');
    const stored = await loadDocument(ctx.db, input.organizationId, input.id);
    const { row } = stored;
    const to = input.to ?? (row.patientId ? (await findPatient(ctx.db, input.organizationId, row.patientId))?.email : null);
    if (!to) throw validationFailed('to', "the patient has no email on record: give the address in 'to'");
    const view = await viewOf(ctx.db, stored);
    const pdf = await renderPdfLater(view);
    try {
      await mailer.send({
        to,
        subject: `${titleOf(view)} ${row.number} from ${view.seller.name}`,
        text: mailText(view),
        attachments: [{ filename: documentFileName(row.number, 'pdf'), contentType: DOCUMENT_CONTENT_TYPES.pdf, content: pdf }],
      });
    } catch {
      throw new AppError('NOT_CONFIGURED', 'the mail could not be sent');
    }
    const sentAt = ctx.now();
    await recordAudit(ctx.db, ctx, { operation: 'billing.emailDocument', recordId: row.id, organizationId: input.organizationId });
    return { item: { id: row.id, number: row.number, patientId: row.patientId, to, sentAt } };
  },
});

/** 'TAX INVOICE' → 'Tax invoice' */
const titleOf = (view: DocumentView) => titles[view.kind].charAt(0) + titles[view.kind].slice(1).toLowerCase();

function mailText(view: DocumentView): string {
  return [
    `Dear ${view.buyer.name},`,
    '',
    `Please find attached ${titleOf(view).toLowerCase()} ${view.number} dated ${view.issueDate} from ${view.seller.name}${view.status === 'CANCELLED' ? ' (cancelled)' : ''}.`,
    '',
    'This is a computer-generated document. If you did not expect it, please ignore this mail.',
  ].join('\n');
}
