import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fromMinor } from '../../values/money.ts';
import { INVOICE_KINDS, whole } from './billing.reports.ts';

/** The figures of billing.outstandingReport (docs/billing.md "Reports"), answered as JSON pages or as one CSV (billing.reportCsv). */

export interface PatientBalance {
  patientId: string;
  patientName: string | null;
  invoices: number;
  invoiced: number;
  paid: number;
  credited: number;
  balance: number;
}

// Literal SQL, no parameter: the same text in the select, HAVING and ORDER BY on both databases.
const balance = sql<number>`sum(${sql.ref('d.grandTotal')}) - sum(${sql.ref('d.paidBefore')}) - coalesce(sum(${sql.ref('ap.received')}), 0) - coalesce(sum(${sql.ref('ap.credited')}), 0)`;

/** Patients' names looked up this many at a time. */
const NAMES_PER_QUERY = 500;

/** Per patient with live invoices, the sums in paise; only balances other than 0. */
function perPatient(db: Db, organizationId: string) {
  const applied = db
    .selectFrom('billingDocuments as a')
    .leftJoin('billingCancellations as ac', 'ac.documentId', 'a.id')
    .where('a.organizationId', '=', organizationId)
    .where('a.againstId', 'is not', null)
    .where('ac.documentId', 'is', null)
    .select((eb) => [
      'a.againstId',
      // money received net of refunds: receipts, less the refunds credit notes record
      eb.fn.sum(eb.case().when('a.kind', '=', 'RECEIPT').then(eb.ref('a.grandTotal')).when('a.kind', '=', 'CREDIT_NOTE').then(eb.neg(eb.fn.coalesce('a.refunded', eb.lit(0)))).else(0).end()).as('received'),
      eb.fn.sum(eb.case().when('a.kind', '=', 'CREDIT_NOTE').then(eb.ref('a.grandTotal')).else(0).end()).as('credited'),
    ])
    .groupBy('a.againstId');
  return db
    .selectFrom('billingDocuments as d')
    .leftJoin('billingCancellations as c', 'c.documentId', 'd.id')
    .leftJoin(applied.as('ap'), 'ap.againstId', 'd.id')
    .where('d.organizationId', '=', organizationId)
    .where('d.kind', 'in', INVOICE_KINDS)
    .where('d.patientId', 'is not', null)
    .where('c.documentId', 'is', null)
    .groupBy('d.patientId')
    .having(balance, '<>', 0);
}

/** How many patients have a balance other than 0. */
export async function countOutstanding(db: Db, organizationId: string): Promise<number> {
  const counted = await db.selectFrom(perPatient(db, organizationId).select('d.patientId').as('t')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return whole(counted.n);
}

/** `limit` patients' balances from `offset`, the largest first; money with two decimals. */
export async function outstandingBalances(db: Db, organizationId: string, window: { limit: number; offset: number }): Promise<PatientBalance[]> {
  const rows = await perPatient(db, organizationId)
    .select((eb) => ['d.patientId', eb.fn.countAll().as('invoices'), eb.fn.sum('d.grandTotal').as('invoiced'), eb.fn.sum('d.paidBefore').as('paidBefore'), eb.fn.sum('ap.received').as('received'), eb.fn.sum('ap.credited').as('credited'), balance.as('balance')])
    .orderBy(balance, 'desc')
    .orderBy('d.patientId')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const names = await namesOf(db, organizationId, rows.map((row) => row.patientId ?? ''));
  return rows.map((row) => {
    const patientId = row.patientId ?? '';
    return {
      patientId,
      patientName: names.get(patientId) ?? null,
      invoices: whole(row.invoices),
      invoiced: fromMinor(whole(row.invoiced)),
      paid: fromMinor(whole(row.paidBefore) + whole(row.received)),
      credited: fromMinor(whole(row.credited)),
      balance: fromMinor(whole(row.balance)),
    };
  });
}

/** The patients' names (patient id -> name), a batch of ids per query. */
async function namesOf(db: Db, organizationId: string, patientIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let from = 0; from < patientIds.length; from += NAMES_PER_QUERY) {
    const ids = patientIds.slice(from, from + NAMES_PER_QUERY);
    const rows = await db.selectFrom('patients').select(['id', 'name']).where('organizationId', '=', organizationId).where('id', 'in', ids).execute();
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}
