import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { lockedIfPostgres } from '../../db/locks.ts';
import { readPage } from '../../db/paged-list.ts';
import { fromMinor, toMinor } from '../../values/money.ts';
import { offsetOf, pageOf, type Page } from '../../values/paging.ts';
import { toBool } from '../../values/record.ts';
import { MAX_TESTS, type OrderStatus, type TestStatus } from './labOrders.fields.ts';
import type { LabOrdersTable, LabOrderTestsTable } from './labOrders.table.ts';

/** Query functions for lab orders and their tests; each takes the handle (`db` or the transaction) first. */

type OrderRow = Selectable<LabOrdersTable>;
type TestRow = Selectable<LabOrderTestsTable>;

/** A test of an order as the API shows it: the row without its keeping columns. `price` is the amount (two decimals at most). */
export type LabTestRecord = Omit<TestRow, 'organizationId' | 'labOrderId' | 'position' | 'createdAt' | 'updatedAt' | 'price' | 'status' | 'isExternal'> & {
  price: number | null;
  status: TestStatus;
  isExternal: boolean;
};

export type LabOrderRecord = Omit<OrderRow, 'status'> & {
  status: OrderStatus;
  /** in the order they were given */
  tests: LabTestRecord[];
};

export type LabOrderFields = Omit<LabOrderRecord, 'tests'>;

function testRecord(row: TestRow): LabTestRecord {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    serviceId: row.serviceId,
    itemType: row.itemType,
    price: row.price === null ? null : fromMinor(Number(row.price)),
    quantity: row.quantity,
    reviewStatus: row.reviewStatus,
    instructions: row.instructions,
    status: row.status as TestStatus,
    sampleCollectedAt: row.sampleCollectedAt,
    sampleCollectedBy: row.sampleCollectedBy,
    sampleType: row.sampleType,
    processingStartedAt: row.processingStartedAt,
    processingStartedBy: row.processingStartedBy,
    completedAt: row.completedAt,
    completedBy: row.completedBy,
    isExternal: toBool(row.isExternal) ?? false,
    externalLabName: row.externalLabName,
    externalMarkedAt: row.externalMarkedAt,
    externalResultUploadedAt: row.externalResultUploadedAt,
  };
}

/** A test record with price in minor units (as the rules work on it) back to the row it is stored as. */
export interface StoredTest extends Omit<LabTestRecord, 'price'> {
  /** integer minor units */
  priceMinor: number | null;
}

function testRow(order: { id: string; organizationId: string }, test: StoredTest, position: number, now: number): TestRow {
  const { priceMinor, ...rest } = test;
  return { ...rest, price: priceMinor, organizationId: order.organizationId, labOrderId: order.id, position, createdAt: now, updatedAt: now };
}

export function storedTest(test: LabTestRecord): StoredTest {
  const { price, ...rest } = test;
  // price came from integer minor units, so toMinor gives them back exactly.
  return { ...rest, priceMinor: price === null ? null : toMinor(price)! };
}

function orderRecord(row: OrderRow, tests: LabTestRecord[]): LabOrderRecord {
  return { ...row, status: row.status as OrderStatus, tests };
}

/**
 * The tests of these orders (of one organization), each order's in position order, read within the
 * page budget (a page of 100 orders holds up to 10,000 tests, each with free-text instructions).
 */
async function testsOf(db: Db, organizationId: string, orderIds: readonly string[]): Promise<Map<string, LabTestRecord[]>> {
  const byOrder = new Map<string, LabTestRecord[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const query = db
    .selectFrom('labOrderTests')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('labOrderId', 'in', orderIds)
    .orderBy('labOrderId')
    .orderBy('position');
  const rows = await readPage(db, query, orderIds.length * MAX_TESTS, ['instructions']);
  for (const row of rows) byOrder.get(row.labOrderId)?.push(testRecord(row));
  return byOrder;
}

/**
 * The lab order `id` of the organization with its tests, or undefined (also when it belongs to
 * another organization). Used by admissionCharges.applyLabCharge.
 */
export async function findLabOrder(db: Db, organizationId: string, id: string): Promise<LabOrderRecord | undefined> {
  return withTests(db, organizationId, await orderQuery(db, organizationId, id).executeTakeFirst());
}

const orderQuery = (db: Db, organizationId: string, id: string) =>
  db.selectFrom('labOrders').selectAll().where('organizationId', '=', organizationId).where('id', '=', id);

async function withTests(db: Db, organizationId: string, row: OrderRow | undefined): Promise<LabOrderRecord | undefined> {
  return row && orderRecord(row, (await testsOf(db, organizationId, [row.id])).get(row.id)!);
}

/**
 * findLabOrder inside a writing transaction, holding the order's row lock on PostgreSQL until the
 * transaction ends, so two concurrent updates of one order's tests run one after the other
 * (SQLite serialises writers anyway).
 */
export async function lockLabOrder(db: Db, dialect: Dialect, organizationId: string, id: string): Promise<LabOrderRecord | undefined> {
  return withTests(db, organizationId, await lockedIfPostgres(orderQuery(db, organizationId, id), dialect).executeTakeFirst());
}

/** The organization of a lab order, looked up by id alone (for a platform admin who did not name it). */
export async function insertLabOrder(db: Db, order: LabOrderFields, tests: StoredTest[]): Promise<LabOrderRecord> {
  const [row] = await db.insertInto('labOrders').values(order).returningAll().execute();
  const rows = await db
    .insertInto('labOrderTests')
    .values(tests.map((t, i) => testRow(order, t, i, order.createdAt)))
    .returningAll()
    .execute();
  return orderRecord(row!, rows.sort((a, b) => a.position - b.position).map(testRecord));
}

/**
 * Writes an update: the order's changed fields, each test that differs from `before` (same
 * position), and the tests beyond `before` as new ones. Returns the order as stored.
 */
export async function saveLabOrder(
  db: Db,
  order: LabOrderFields,
  before: readonly LabTestRecord[],
  after: readonly StoredTest[],
): Promise<LabOrderRecord> {
  const { id, organizationId, ...changes } = order;
  await db.updateTable('labOrders').set(changes).where('organizationId', '=', organizationId).where('id', '=', id).execute();
  const now = order.updatedAt;
  for (const [position, test] of after.entries()) {
    const previous = before[position];
    if (!previous) {
      await db.insertInto('labOrderTests').values(testRow(order, test, position, now)).execute();
      continue;
    }
    const { id: testId, priceMinor, ...fields } = test;
    if (sameTest(storedTest(previous), test)) continue;
    await db
      .updateTable('labOrderTests')
      .set({ ...fields, price: priceMinor, updatedAt: now })
      .where('labOrderId', '=', id)
      .where('id', '=', testId)
      .execute();
  }
  return (await findLabOrder(db, organizationId, id))!;
}

function sameTest(a: StoredTest, b: StoredTest): boolean {
  return (Object.keys(a) as (keyof StoredTest)[]).every((k) => a[k] === b[k]);
}

export interface LabOrderFilters {
  organizationId: string;
  doctorId?: string | undefined;
  patientId?: string | undefined;
  statuses?: readonly OrderStatus[] | undefined;
  /** [from, to) on createdAt, unix ms */
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
}

function filtered(db: Db, f: LabOrderFilters) {
  let query = db.selectFrom('labOrders').where('organizationId', '=', f.organizationId);
  if (f.doctorId !== undefined) query = query.where('doctorId', '=', f.doctorId);
  if (f.patientId !== undefined) query = query.where('patientId', '=', f.patientId);
  if (f.statuses?.length) query = query.where('status', 'in', [...f.statuses]);
  if (f.createdFrom !== undefined) query = query.where('createdAt', '>=', f.createdFrom);
  if (f.createdTo !== undefined) query = query.where('createdAt', '<', f.createdTo);
  return query;
}

/** A page of the organization's orders matching every filter, with their tests, newest first. */
export async function pageLabOrders(db: Db, filters: LabOrderFilters, pageNo: number, pageSize: number): Promise<Page<LabOrderRecord>> {
  const organizationId = filters.organizationId;
  const base = filtered(db, filters);
  const [rows, count] = await Promise.all([
    readPage(db, base.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offsetOf(pageNo, pageSize)), pageSize, []),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const tests = await testsOf(db, organizationId, rows.map((r) => r.id));
  return pageOf(
    rows.map((r) => orderRecord(r, tests.get(r.id)!)),
    Number(count.n),
    pageNo,
    pageSize,
  );
}

/** Sets an external test's externalResultUploadedAt, unless it has one already. */
export async function markExternalResultUploaded(db: Db, organizationId: string, testId: string, at: number): Promise<void> {
  await db
    .updateTable('labOrderTests')
    .set({ externalResultUploadedAt: at, updatedAt: at })
    .where('organizationId', '=', organizationId)
    .where('id', '=', testId)
    .where('isExternal', '=', true)
    .where('externalResultUploadedAt', 'is', null)
    .execute();
}
