import type { Context } from '../operations/operation.ts';
import { AppError } from '../values/errors.ts';

/**
 * A job's items, each acted on in a transaction of its own (the job declares `transactional: false`):
 * one that fails is logged (a refusal as a warning: a change that came first; anything else as an
 * error) and left for the job's next run, and neither undoes nor holds back the others. A job reads
 * its oldest items first, so in one transaction an item that always failed would stop them all.
 * Requests get the database between items. Answers how many were acted on (`act` answers false to
 * pass one over).
 */
export async function eachOnItsOwn<T extends { id: string }>(ctx: Context, job: string, items: readonly T[], act: (ctx: Context, item: T) => Promise<boolean>): Promise<number> {
  let acted = 0;
  for (const item of items) {
    try {
      if (await ctx.db.transaction().execute((trx) => act({ ...ctx, db: trx }, item))) acted += 1;
    } catch (err) {
      const level = err instanceof AppError ? 'warn' : 'error';
      ctx.log[level]({ err, job, id: item.id }, `${job}: acting on ${item.id} failed; it is tried again at the next run`);
    }
  }
  return acted;
}
