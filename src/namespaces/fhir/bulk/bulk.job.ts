import type { Selectable } from 'kysely';
import { claimDue, nextAttemptAt, stillHeld, type Leased, type LeasedQueue } from '../../../background/leased-queue.ts';
import type { JobDefinition } from '../../../background/runner.ts';
import type { Db } from '../../../db/database.ts';
import { timeZoneOf } from '../../organizations/organizations.public.ts';
import { filterConditions, readTypeFilter } from './bulk.filter.ts';
import { planOf } from './bulk.plan.ts';
import type { FhirBulkExportsTable } from './bulk.table.ts';
import { exportableType, pageOf, resourcesOfPage } from './bulk.types.ts';

type BulkExport = Selectable<FhirBulkExportsTable>;

/** How long an export's files are kept after it is done (and a failed export's row): then removed. */
export const KEPT_MS = 24 * 60 * 60_000;

export interface BulkJobOptions {
  /** resources read (and written as one page of the file) per query */
  pageRows: number;
  /** pages one run of the job writes, over all exports: a run is bounded, the next goes on */
  pagesPerRun: number;
  /** how long a run holds an export (another runner takes it over after) */
  leaseMs: number;
  /** claims of an export before it fails */
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** expired exports removed per run */
  expiredPerRun: number;
}

export const BULK_JOB_DEFAULTS: BulkJobOptions = { pageRows: 500, pagesPerRun: 200, leaseMs: 5 * 60_000, maxAttempts: 3, retryBaseMs: 30_000, retryMaxMs: 10 * 60_000, expiredPerRun: 20 };

/** The exports being written, taken by the job with a lease (src/background/leased-queue.ts). */
const exportQueue: LeasedQueue<'fhirBulkExports', BulkExport> = {
  table: 'fhirBulkExports',
  waiting: 'running',
  due: 'dueAt',
  attempts: 'attempts',
  changedAt: 'updatedAt',
  read: (db, ids) => db.selectFrom('fhirBulkExports').selectAll().where('id', 'in', ids).execute(),
};

/**
 * The job that writes Bulk Data exports (docs/fhir.md, "Bulk Data export"), run by the job runner
 * (src/background/runner.ts) outside one transaction: each page of resources is one transaction
 * that adds the page to the file and moves the export's progress (type, last id) past it, so an
 * export taken up again after a restart goes on where the last committed page ended, nothing
 * written twice nor lost. Memory holds one page. Expired exports are removed with their files.
 */
export function bulkExportJob(options: Partial<BulkJobOptions> = {}): JobDefinition {
  const settings = { ...BULK_JOB_DEFAULTS, ...options };
  return {
    name: 'fhir.bulkExport',
    everyMs: 5_000,
    transactional: false,
    async run(ctx) {
      const now = () => ctx.now();
      const removed = await removeExpired(ctx.db, now(), settings.expiredPerRun);
      let budget = settings.pagesPerRun;
      while (budget > 0) {
        const [claimed] = await claimDue(ctx.db, exportQueue, { now: now(), leaseMs: settings.leaseMs, limit: 1 });
        if (!claimed) break;
        budget -= await writeSome(ctx.db, claimed, budget, settings, now, ctx.config.timeZone);
      }
      return removed + settings.pagesPerRun - budget;
    },
  };
}

export const bulkExportJobs: readonly JobDefinition[] = [bulkExportJob()];

/** Writes up to `budget` pages of one export; answers the pages written. */
async function writeSome(db: Db, claimed: Leased<BulkExport>, budget: number, settings: BulkJobOptions, now: () => number, defaultZone: string): Promise<number> {
  const { types, typeFilters } = planOf(claimed.types);
  let progress = { typeIndex: claimed.typeIndex, cursor: claimed.cursor, pages: claimed.pages, written: claimed.written };
  let pages = 0;
  try {
    const timeZone = await timeZoneOf(db, claimed.organizationId, defaultZone);
    const filters = typeFilters.map((entry) => readTypeFilter(entry, types));
    while (pages < budget && progress.typeIndex < types.length) {
      const name = types[progress.typeIndex]!;
      const type = exportableType(name);
      if (!type) throw new Error(`${name} is no longer exported`);
      const conditions = await filterConditions(type, filters, { timeZone: () => Promise.resolve(timeZone) });
      const page = { organizationId: claimed.organizationId, level: claimed.level, since: claimed.since, filters: conditions, cursor: progress.cursor, rows: settings.pageRows };
      const rows = await pageOf(db, type, page);
      const { resources, patients } = await resourcesOfPage(db, type, claimed.organizationId, rows, timeZone);
      const last = rows.at(-1);
      const typeDone = rows.length < settings.pageRows;
      const next = {
        typeIndex: typeDone ? progress.typeIndex + 1 : progress.typeIndex,
        cursor: typeDone ? null : String(last!.id),
        pages: progress.pages + (rows.length > 0 ? 1 : 0),
        written: progress.written + rows.length,
      };
      const finished = next.typeIndex >= types.length;
      const kept = await db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('fhirBulkExports')
          // Progress made: the attempts count again from none.
          .set({ ...next, attempts: 0, updatedAt: now(), ...(finished ? { state: 'done', completedAt: now(), expiresAt: now() + KEPT_MS, lockedUntil: null } : {}) })
          .where(stillHeld(exportQueue, claimed))
          .executeTakeFirst();
        // Cancelled, or taken over by another runner after the lease ran out: this page is not its to write.
        if (Number(moved.numUpdatedRows) !== 1) return false;
        if (rows.length === 0) return true;
        await trx
          .insertInto('fhirBulkExportPages')
          .values({
            exportId: claimed.id,
            organizationId: claimed.organizationId,
            type: name,
            seq: progress.pages,
            lines: resources.map((resource) => `${JSON.stringify(resource)}\n`).join(''),
            count: rows.length,
            reads: JSON.stringify(rows.map((row, at) => [String(row.id), patients[at]])),
          })
          .execute();
        return true;
      });
      if (!kept) return Math.max(pages, 1);
      progress = next;
      if (rows.length > 0) pages += 1;
      if (finished) return Math.max(pages, 1);
    }
    // The budget is spent (an empty page, a type with nothing more, spends none): the next run, of any runner, goes on at once.
    await db.updateTable('fhirBulkExports').set({ lockedUntil: null, dueAt: now(), updatedAt: now() }).where(stillHeld(exportQueue, claimed)).execute();
    return Math.max(pages, 1);
  } catch (err) {
    // Progress made in this run reset the attempts: this run is the first to fail since.
    const attempts = progress.written > claimed.written || progress.typeIndex > claimed.typeIndex ? 1 : claimed.attempts;
    await failedAttempt(db, { ...claimed, attempts }, err, settings, now());
    return Math.max(pages, 1);
  }
}

/** A run that failed: retried with backoff, failed for good once the attempts are used up (its files removed). */
async function failedAttempt(db: Db, claimed: Leased<BulkExport>, err: unknown, settings: BulkJobOptions, at: number): Promise<void> {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  const next = nextAttemptAt(claimed.attempts, settings, at);
  if (next !== undefined) {
    await db.updateTable('fhirBulkExports').set({ attempts: claimed.attempts, lockedUntil: null, dueAt: next, error: message, updatedAt: at }).where(stillHeld(exportQueue, claimed)).execute();
    return;
  }
  await db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable('fhirBulkExports')
      .set({ state: 'failed', lockedUntil: null, error: `failed after ${claimed.attempts} attempts: ${message}`, completedAt: at, expiresAt: at + KEPT_MS, updatedAt: at })
      .where(stillHeld(exportQueue, claimed))
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) === 1) await trx.deleteFrom('fhirBulkExportPages').where('exportId', '=', claimed.id).where('organizationId', '=', claimed.organizationId).execute();
  });
}

/** Removes exports past their expiry, with their files; answers how many. */
async function removeExpired(db: Db, now: number, limit: number): Promise<number> {
  const expired = await db.selectFrom('fhirBulkExports').select(['id', 'organizationId']).where('expiresAt', '<=', now).orderBy('expiresAt').limit(limit).execute();
  for (const { id, organizationId } of expired) await db.transaction().execute((trx) => deleteExport(trx, organizationId, id));
  return expired.length;
}

/**
 * Removes an export and its files (in the caller's transaction); answers whether it was there. The
 * export's row first: on PostgreSQL that waits for a page the job is committing, whose lines the
 * second statement then sees and removes; a page committed after finds no export to move and is not written.
 */
export async function deleteExport(db: Db, organizationId: string, id: string): Promise<boolean> {
  const removed = await db.deleteFrom('fhirBulkExports').where('id', '=', id).where('organizationId', '=', organizationId).executeTakeFirst();
  await db.deleteFrom('fhirBulkExportPages').where('exportId', '=', id).where('organizationId', '=', organizationId).execute();
  return Number(removed.numDeletedRows) === 1;
}
