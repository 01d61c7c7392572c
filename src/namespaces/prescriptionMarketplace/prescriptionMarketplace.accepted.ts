import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../values/errors.ts';
import { toBool } from '../../values/record.ts';
import type { PrescriptionQuoteItemsTable, PrescriptionQuotesTable } from './prescriptionMarketplace.table.ts';

/** A pharmacy's accepted quote: its items available to the patient, and whose request it answered. */
export interface AcceptedQuote {
  quote: Selectable<PrescriptionQuotesTable>;
  items: Selectable<PrescriptionQuoteItemsTable>[];
  /** the patient's account (identity id): marketplace requests belong to accounts, not patient records */
  patientIdpUserId: string;
}

/** The quote of the pharmacy, accepted by its patient; NOT_FOUND, or INVALID_STATE before it is accepted. */
export async function acceptedQuoteOf(db: Db, organizationId: string, quoteId: string): Promise<AcceptedQuote> {
  const quote = await db.selectFrom('prescriptionQuotes').selectAll().where('organizationId', '=', organizationId).where('id', '=', quoteId).executeTakeFirst();
  if (!quote) throw notFound('quote');
  if (quote.status !== 'ACCEPTED') throw new AppError('INVALID_STATE', `only an accepted quote is billed (this one is ${quote.status})`);
  const request = await db.selectFrom('prescriptionRequests').select('patientId').where('id', '=', quote.prescriptionRequestId).executeTakeFirstOrThrow();
  const items = await db.selectFrom('prescriptionQuoteItems').selectAll().where('quoteId', '=', quote.id).orderBy('position').execute();
  return { quote, items: items.filter((item) => toBool(item.available) === true), patientIdpUserId: request.patientId };
}
