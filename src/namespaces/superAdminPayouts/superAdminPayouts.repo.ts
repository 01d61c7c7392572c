import { stageOfText, type Stage } from './superAdminPayouts.status.ts';
import type { Db } from '../../db/database.ts';
import { serialiseOn } from '../../db/locks.ts';
import type { Context } from '../../operations/operation.ts';
import { pageOfQuery } from '../../db/paged-list.ts';
import type { Page } from '../../values/paging.ts';
import { payouts, type PayoutRecord } from './superAdminPayouts.resource.ts';
import { stateOf } from './superAdminPayouts.status.ts';

/** Query functions of superAdminPayouts; each takes the handle (`db` or the transaction) first. */

/**
 * Serialises the payout writes of one organization for the rest of the transaction, so that two
 * requests cannot both be granted out of the same available amount: the second one's summary (a
 * new statement, READ COMMITTED) sees the first one's committed payout (src/db/locks.ts; the
 * organization needs no organizations row).
 */
export async function lockOrganizationPayouts(ctx: Context, organizationId: string): Promise<void> {
  await serialiseOn(ctx.db, ctx.dialect, `superAdminPayouts:${organizationId}`);
}

/** An organization's money in minor units (sums over integer columns: exact on both databases). */
export interface Balance {
  /** amountPaid of the organization's appointments with paymentStatus `paid` */
  collected: number;
  paidAppointments: number;
  /** grossAmount of payouts paid out; netPayout of the same payouts */
  paidOut: number;
  paidOutNet: number;
  paidOutCount: number;
  /** grossAmount of pending payouts */
  pending: number;
  pendingCount: number;
  /** collected - paidOut - pending; negative when payouts recorded by hand exceed the collections */
  available: number;
}

const n = (v: number | string | null | undefined) => (v === null || v === undefined ? 0 : Number(v));

export async function balanceOf(db: Db, organizationId: string): Promise<Balance> {
  const [collected, byStatus] = await Promise.all([
    db
      .selectFrom('appointments')
      .select((eb) => [eb.fn.sum<number | string | null>('amountPaid').as('amount'), eb.fn.countAll<number | string>().as('count')])
      .where('organizationId', '=', organizationId)
      .where('paymentStatus', '=', 'paid')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('superAdminPayouts')
      .select((eb) => [
        'status',
        eb.fn.sum<number | string | null>('grossAmount').as('gross'),
        eb.fn.sum<number | string | null>('netPayout').as('net'),
        eb.fn.countAll<number | string>().as('count'),
      ])
      .where('organizationId', '=', organizationId)
      .groupBy('status')
      .execute(),
  ]);
  const balance: Balance = {
    collected: n(collected.amount),
    paidAppointments: n(collected.count),
    paidOut: 0,
    paidOutNet: 0,
    paidOutCount: 0,
    pending: 0,
    pendingCount: 0,
    available: 0,
  };
  for (const row of byStatus) {
    const state = stateOf(row.status);
    if (state === 'paidOut') {
      balance.paidOut += n(row.gross);
      balance.paidOutNet += n(row.net);
      balance.paidOutCount += n(row.count);
    } else if (state === 'pending') {
      balance.pending += n(row.gross);
      balance.pendingCount += n(row.count);
    }
  }
  balance.available = balance.collected - balance.paidOut - balance.pending;
  return balance;
}

/** Payouts of every organization, newest first, optionally of one status (exact text). */
export async function pageAll(db: Db, status: string | undefined, page: number, pageSize: number): Promise<Page<PayoutRecord>> {
  let query = db.selectFrom('superAdminPayouts');
  if (status !== undefined) query = query.where('status', '=', status);
  const rows = query.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc');
  return pageOfQuery(db, ['superAdminPayouts'], query, rows, page, pageSize, payouts.repo.toRecord, payouts.repo.freeForm);
}

/** The stage of a payout (the `stage` column, not in the record) and its label; undefined: no such payout. */
export async function stageOfPayout(db: Db, organizationId: string, id: string): Promise<{ stage: Stage; status: string } | undefined> {
  const row = await db.selectFrom('superAdminPayouts').select(['stage', 'status']).where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
  return row && { stage: stageOfText(row.stage), status: row.status };
}

export async function setPayoutStage(db: Db, organizationId: string, id: string, stage: Stage): Promise<void> {
  await db.updateTable('superAdminPayouts').set({ stage }).where('organizationId', '=', organizationId).where('id', '=', id).execute();
}
