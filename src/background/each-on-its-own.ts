import type { Context } from '../operations/operation.ts';
import { countJobItemFailure } from '../telemetry/metrics.ts';
import { AppError } from '../values/errors.ts';

/**
 * A job's items, each acted on in a transaction of its own (the job declares `transactional: false`):
 * one that fails is logged (a refusal as a warning: a change that came first; anything else as an
 * error) and left for the job's next run, and neither undoes nor holds back the others. A job reads
 * its oldest items first, so in one transaction an item that always failed would stop them all.
 * Requests get the database between items; failures are counted (healthops_job_item_failures_total).
 * Answers what the items that committed counted: `act` answers true for one, false to pass one
 * over, or a count of its own (notices sent). `retry`: once the others are done, the run fails, so that the runner tries it
 * again with backoff instead of at its next time (for a daily job whose acts are each once a day).
 */
export async function eachOnItsOwn<T extends { id: string }>(
  ctx: Context,
  job: string,
  items: readonly T[],
  act: (ctx: Context, item: T) => Promise<boolean | number>,
  options: { retry?: boolean } = {},
): Promise<number> {
  if (ctx.db.isTransaction) throw new Error(`${job}: acting on each item on its own needs the job to declare transactional: false`);
  let acted = 0;
  let failed = 0;
  for (const item of items) {
    try {
      acted += Number(await ctx.db.transaction().execute((trx) => act({ ...ctx, db: trx }, item)));
    } catch (err) {
      failed += 1;
      countJobItemFailure(job);
      const level = err instanceof AppError ? 'warn' : 'error';
      ctx.log[level]({ err, job, id: item.id }, `${job}: acting on ${item.id} failed; it is tried again ${options.retry ? 'with the run' : 'at the next run'}`);
    }
  }
  if (options.retry && failed > 0) throw new Error(`${job}: ${String(failed)} of ${String(items.length)} failed (logged); the others are done`);
  return acted;
}
