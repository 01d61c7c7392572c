import { sql, type Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { lockedIfPostgres } from '../../db/locks.ts';
import { notFound } from '../../values/errors.ts';
import { offsetOf, pageOf, type Page } from '../../values/paging.ts';
import { boundingBox, distanceKm, type Point } from './prescriptionMarketplace.geo.ts';
import { STANDING_QUOTE, type BroadcastStatus, type QuoteStatus, type RequestStatus } from './prescriptionMarketplace.status.ts';
import type {
  PrescriptionBroadcastsTable,
  PrescriptionQuoteItemsTable,
  PrescriptionQuotesTable,
  PrescriptionRequestItemsTable,
  PrescriptionRequestsTable,
} from './prescriptionMarketplace.table.ts';

/** Query functions of the marketplace; each takes the handle (the operation's transaction) first. */

export type RequestRow = Selectable<PrescriptionRequestsTable>;
export type RequestItemRow = Selectable<PrescriptionRequestItemsTable>;
export type BroadcastRow = Selectable<PrescriptionBroadcastsTable>;
export type QuoteRow = Selectable<PrescriptionQuotesTable>;
export type QuoteItemRow = Selectable<PrescriptionQuoteItemsTable>;

export const PHARMACY_TYPE = 'pharmacy';

// ---------------------------------------------------------------------------------------------
// Pharmacies

export async function findActivePharmacy(db: Db, id: string): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('type', '=', PHARMACY_TYPE)
    .where('isActive', '=', true)
    .executeTakeFirst();
}

/** At most this many pharmacies (the nearest) receive one request. */
export const MAX_BROADCASTS = 100;

/**
 * The active pharmacy organizations within `radiusKm` (great-circle) of `center`, nearest first:
 * a bounding-box prefilter in SQL, then the exact haversine distance here.
 */
export async function pharmaciesNear(db: Db, center: Point, radiusKm: number): Promise<{ id: string; distanceKm: number }[]> {
  const box = boundingBox(center, radiusKm);
  const rows = await db
    .selectFrom('organizations')
    .select(['id', 'latitude', 'longitude'])
    .where('type', '=', PHARMACY_TYPE)
    .where('isActive', '=', true)
    .where('latitude', '>=', box.minLatitude)
    .where('latitude', '<=', box.maxLatitude)
    .where((eb) => eb.or(box.longitudeRanges.map(([from, to]) => eb.and([eb('longitude', '>=', from), eb('longitude', '<=', to)]))))
    .execute();
  return rows
    .map((r) => ({ id: r.id, distanceKm: distanceKm(center, { latitude: r.latitude!, longitude: r.longitude! }) }))
    .filter((r) => r.distanceKm <= radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm || (a.id < b.id ? -1 : 1))
    .slice(0, MAX_BROADCASTS);
}

export async function pharmacyNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('organizations').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---------------------------------------------------------------------------------------------
// Requests

export async function insertRequest(db: Db, row: RequestRow, items: RequestItemRow[], broadcasts: BroadcastRow[]): Promise<RequestRow> {
  const [stored] = await db.insertInto('prescriptionRequests').values(row).returningAll().execute();
  if (items.length > 0) await db.insertInto('prescriptionRequestItems').values(items).execute();
  if (broadcasts.length > 0) await db.insertInto('prescriptionBroadcasts').values(broadcasts).execute();
  return stored!;
}

/** The request, when it is this patient's (a patient reaches only their own: another's is NOT_FOUND). */
export async function findPatientRequest(db: Db, id: string, patientId: string): Promise<RequestRow> {
  const row = await db.selectFrom('prescriptionRequests').selectAll().where('id', '=', id).where('patientId', '=', patientId).executeTakeFirst();
  if (!row) throw notFound('prescription request');
  return row;
}

/** The patient (identity id) of a request, or undefined when there is none. */
export async function patientOfRequest(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('prescriptionRequests').select('patientId').where('id', '=', id).executeTakeFirst();
  return row?.patientId;
}

/**
 * The request read again and locked for the rest of the transaction: every marketplace move locks
 * its request first, so moves on one request (two accepts, an accept and a cancel, a submit and
 * a cancel) run one after the other on PostgreSQL and each sees the state the previous one left;
 * SQLite runs one writing transaction at a time.
 */
export async function lockRequest(db: Db, dialect: Dialect, id: string): Promise<RequestRow> {
  const row = await lockedIfPostgres(db.selectFrom('prescriptionRequests').selectAll().where('id', '=', id), dialect).executeTakeFirst();
  if (!row) throw notFound('prescription request');
  return row;
}

export async function patchRequest(db: Db, id: string, changes: Partial<RequestRow>): Promise<RequestRow> {
  const rows = await db.updateTable('prescriptionRequests').set(changes).where('id', '=', id).returningAll().execute();
  return rows[0]!;
}

export async function requestItemsOf(db: Db, requestId: string): Promise<RequestItemRow[]> {
  return db.selectFrom('prescriptionRequestItems').selectAll().where('prescriptionRequestId', '=', requestId).orderBy('position').execute();
}

// ---------------------------------------------------------------------------------------------
// Broadcasts

/** The request's broadcasts (only this organization's when given), oldest first. */
export async function broadcastsOf(db: Db, requestId: string, organizationId?: string): Promise<BroadcastRow[]> {
  let query = db.selectFrom('prescriptionBroadcasts').selectAll().where('prescriptionRequestId', '=', requestId);
  if (organizationId !== undefined) query = query.where('organizationId', '=', organizationId);
  return query.orderBy('createdAt').orderBy('id').execute();
}

/** The pharmacy's broadcast by its id or its request's id (both must agree); another pharmacy's is NOT_FOUND. */
export async function findBroadcast(db: Db, organizationId: string, ref: { broadcastId?: string | null; prescriptionRequestId?: string | null }): Promise<BroadcastRow> {
  let query = db.selectFrom('prescriptionBroadcasts').selectAll().where('organizationId', '=', organizationId);
  if (ref.broadcastId) query = query.where('id', '=', ref.broadcastId);
  if (ref.prescriptionRequestId) query = query.where('prescriptionRequestId', '=', ref.prescriptionRequestId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('prescription broadcast');
  return row;
}

export async function patchBroadcast(db: Db, id: string, changes: Partial<BroadcastRow>): Promise<BroadcastRow> {
  const rows = await db.updateTable('prescriptionBroadcasts').set(changes).where('id', '=', id).returningAll().execute();
  return rows[0]!;
}

/** Moves the request's broadcasts that are in one of `from` (but `exceptId`) to `to`. */
export async function moveBroadcasts(db: Db, requestId: string, from: readonly BroadcastStatus[], to: BroadcastStatus, now: number, exceptId?: string): Promise<void> {
  let query = db
    .updateTable('prescriptionBroadcasts')
    .set({ status: to, updatedAt: now })
    .where('prescriptionRequestId', '=', requestId)
    .where('status', 'in', [...from]);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}

// ---------------------------------------------------------------------------------------------
// Quotes

/** The pharmacy's quote; another pharmacy's is NOT_FOUND. */
export async function findPharmacyQuote(db: Db, organizationId: string, id: string): Promise<QuoteRow> {
  const row = await db.selectFrom('prescriptionQuotes').selectAll().where('id', '=', id).where('organizationId', '=', organizationId).executeTakeFirst();
  if (!row) throw notFound('quote');
  return row;
}

/** A submitted quote on one of this patient's requests; drafts and other patients' quotes are NOT_FOUND. */
export async function findPatientQuote(db: Db, id: string, patientId: string): Promise<QuoteRow> {
  const row = await db
    .selectFrom('prescriptionQuotes as q')
    .innerJoin('prescriptionRequests as r', 'r.id', 'q.prescriptionRequestId')
    .selectAll('q')
    .where('q.id', '=', id)
    .where('r.patientId', '=', patientId)
    .where('q.submittedAt', 'is not', null)
    .executeTakeFirst();
  if (!row) throw notFound('quote');
  return row;
}

/** The patient (identity id) of the request a quote answers, or undefined when there is no such quote. */
export async function patientOfQuote(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('prescriptionQuotes as q')
    .innerJoin('prescriptionRequests as r', 'r.id', 'q.prescriptionRequestId')
    .select('r.patientId')
    .where('q.id', '=', id)
    .executeTakeFirst();
  return row?.patientId;
}

export async function quoteById(db: Db, id: string): Promise<QuoteRow> {
  return db.selectFrom('prescriptionQuotes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function quoteOfBroadcast(db: Db, broadcastId: string): Promise<QuoteRow | undefined> {
  return db.selectFrom('prescriptionQuotes').selectAll().where('broadcastId', '=', broadcastId).executeTakeFirst();
}

/** The request's quotes that were ever submitted: cheapest first, then earliest submitted. */
export async function submittedQuotesOf(db: Db, requestId: string): Promise<QuoteRow[]> {
  return db
    .selectFrom('prescriptionQuotes')
    .selectAll()
    .where('prescriptionRequestId', '=', requestId)
    .where('submittedAt', 'is not', null)
    .orderBy('grandTotal')
    .orderBy('submittedAt')
    .orderBy('id')
    .execute();
}

export async function countQuotes(db: Db, requestId: string, statuses: readonly QuoteStatus[]): Promise<number> {
  const row = await db
    .selectFrom('prescriptionQuotes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('prescriptionRequestId', '=', requestId)
    .where('status', 'in', [...statuses])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertQuote(db: Db, row: QuoteRow): Promise<QuoteRow> {
  const rows = await db.insertInto('prescriptionQuotes').values(row).returningAll().execute();
  return rows[0]!;
}

export async function patchQuote(db: Db, id: string, changes: Partial<QuoteRow>): Promise<QuoteRow> {
  const rows = await db.updateTable('prescriptionQuotes').set(changes).where('id', '=', id).returningAll().execute();
  return rows[0]!;
}

/** Moves the request's quotes that are in one of `from` (but `exceptId`) to `to`, stamping decidedAt. */
export async function moveQuotes(db: Db, requestId: string, from: readonly QuoteStatus[], to: QuoteStatus, now: number, exceptId?: string): Promise<void> {
  let query = db
    .updateTable('prescriptionQuotes')
    .set({ status: to, decidedAt: now, updatedAt: now })
    .where('prescriptionRequestId', '=', requestId)
    .where('status', 'in', [...from]);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}

export async function quoteItemsOf(db: Db, quoteIds: readonly string[]): Promise<Map<string, QuoteItemRow[]>> {
  const byQuote = new Map<string, QuoteItemRow[]>(quoteIds.map((id) => [id, []]));
  if (quoteIds.length === 0) return byQuote;
  const rows = await db.selectFrom('prescriptionQuoteItems').selectAll().where('quoteId', 'in', [...quoteIds]).orderBy('quoteId').orderBy('position').execute();
  for (const row of rows) byQuote.get(row.quoteId)?.push(row);
  return byQuote;
}

export async function replaceQuoteItems(db: Db, quoteId: string, items: QuoteItemRow[]): Promise<void> {
  await db.deleteFrom('prescriptionQuoteItems').where('quoteId', '=', quoteId).execute();
  if (items.length > 0) await db.insertInto('prescriptionQuoteItems').values(items).execute();
}

// ---------------------------------------------------------------------------------------------
// The list summaries

export interface SummaryRow<S extends string = string> {
  prescriptionId: string;
  name: string | null;
  available: number;
  amount: number | null;
  receivedDate: number;
  status: S;
}

/** The patient's name: their identity's name, else the earliest patients record linked to them. */
const patientName = sql<string | null>`coalesce(
  (select i."name" from "identities" i where i."id" = r."patientId"),
  (select p."name" from "patients" p where p."idpUserId" = r."patientId" order by p."createdAt", p."id" limit 1))`;

/** Σ and min over the standing quotes of the request (only `organizationId`'s when given). */
function standing(organizationId: string | undefined) {
  const own = organizationId === undefined ? sql`` : sql` and q."organizationId" = ${organizationId}`;
  const statuses = sql.join(STANDING_QUOTE.map((s) => sql`${s}`));
  const where = sql`q."prescriptionRequestId" = r."id" and q."status" in (${statuses})${own}`;
  return {
    available: sql<number | string>`(select count(*) from "prescriptionQuotes" q where ${where})`,
    amount: sql<number | string | null>`(select min(q."grandTotal") from "prescriptionQuotes" q where ${where})`,
  };
}

const toSummary = <S extends string>(r: { prescriptionId: string; name: string | null; available: number | string; amount: number | string | null; receivedDate: number; status: S }): SummaryRow<S> => ({
  ...r,
  available: Number(r.available),
  amount: r.amount === null ? null : Number(r.amount),
  receivedDate: Number(r.receivedDate),
});

/** The patient's requests, newest first. */
export async function pagePatientSummaries(db: Db, patientId: string, status: RequestStatus | undefined, page: number, pageSize: number): Promise<Page<SummaryRow<RequestStatus>>> {
  let base = db.selectFrom('prescriptionRequests as r').where('r.patientId', '=', patientId);
  if (status) base = base.where('r.status', '=', status);
  const q = standing(undefined);
  const rows = await base
    .select(['r.id as prescriptionId', 'r.createdAt as receivedDate', 'r.status'])
    .select([patientName.as('name'), q.available.as('available'), q.amount.as('amount')])
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(pageSize)
    .offset(offsetOf(page, pageSize))
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return pageOf(rows.map(toSummary), Number(count.n), page, pageSize);
}

export interface InboxFilter {
  organizationId: string;
  organizationBranchId?: string | undefined;
  status?: BroadcastStatus | undefined;
}

/**
 * The broadcasts a pharmacy received, newest first, as summaries of the pharmacy's own view:
 * status = its broadcast's status, available / amount = its own standing quote.
 */
export async function pagePharmacySummaries(db: Db, f: InboxFilter, page: number, pageSize: number): Promise<Page<SummaryRow<BroadcastStatus>>> {
  let base = db
    .selectFrom('prescriptionBroadcasts as b')
    .innerJoin('prescriptionRequests as r', 'r.id', 'b.prescriptionRequestId')
    .where('b.organizationId', '=', f.organizationId);
  if (f.status) base = base.where('b.status', '=', f.status);
  const branch = f.organizationBranchId;
  if (branch) base = base.where((eb) => eb.or([eb('b.organizationBranchId', 'is', null), eb('b.organizationBranchId', '=', branch)]));
  const q = standing(f.organizationId);
  const rows = await base
    .select(['r.id as prescriptionId', 'r.createdAt as receivedDate', 'b.status'])
    .select([patientName.as('name'), q.available.as('available'), q.amount.as('amount')])
    .orderBy('b.createdAt', 'desc')
    .orderBy('b.id', 'desc')
    .limit(pageSize)
    .offset(offsetOf(page, pageSize))
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return pageOf(rows.map(toSummary), Number(count.n), page, pageSize);
}
