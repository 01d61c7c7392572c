import { fromMinor, toMinor } from '../../values/money.ts';
import type { AdmissionChargesTable } from './admissions.table.ts';

/** Sums of charges, in integer minor units while they are added. */
interface Sums {
  count: number;
  subtotal: number;
  taxAmount: number;
  amount: number;
}

type ChargeRow = Pick<AdmissionChargesTable, 'chargeType' | 'subtotal' | 'taxAmount' | 'amount' | 'voidedAt'>;

const zero = (): Sums => ({ count: 0, subtotal: 0, taxAmount: 0, amount: 0 });

function add(sums: Sums, row: ChargeRow): void {
  sums.count += 1;
  sums.subtotal += Number(row.subtotal);
  sums.taxAmount += Number(row.taxAmount);
  sums.amount += Number(row.amount);
}

/** Sums as the API shows them: numbers with at most two decimals. */
export function shown(sums: Sums) {
  return { count: sums.count, subtotal: fromMinor(sums.subtotal), taxAmount: fromMinor(sums.taxAmount), totalAmount: fromMinor(sums.amount) };
}

/**
 * Totals of an admission's charges, computed exactly in minor units: the active charges (in total
 * and per chargeType), and the voided ones apart, never in the totals. The advance and the payments
 * (net of refunds) are taken off the active total: balanceDue below zero is money owed back to the
 * patient.
 */
export function billOf(rows: readonly ChargeRow[], advanceMinor: number, paymentsMinor = 0) {
  const active = zero();
  const voided = zero();
  const byType = new Map<string, Sums>();
  for (const row of rows) {
    if (row.voidedAt !== null && row.voidedAt !== undefined) {
      add(voided, row);
      continue;
    }
    add(active, row);
    let sums = byType.get(row.chargeType);
    if (!sums) byType.set(row.chargeType, (sums = zero()));
    add(sums, row);
  }
  return {
    totals: shown(active),
    byChargeType: [...byType.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([chargeType, sums]) => ({ chargeType, ...shown(sums) })),
    voided: shown(voided),
    advancePaid: fromMinor(advanceMinor),
    paymentsReceived: fromMinor(paymentsMinor),
    balanceDue: fromMinor(active.amount - advanceMinor - paymentsMinor),
  };
}

/** The advance of an admission record in minor units (0 when none). */
export function advanceOf(admission: { advanceAmount?: unknown }): number {
  const amount = admission.advanceAmount;
  return typeof amount === 'number' ? toMinor(amount)! : 0;
}

/** The total of the active (not voided) charges, in minor units. */
export function activeTotalMinor(rows: readonly ChargeRow[]): number {
  return rows.reduce((sum, row) => (row.voidedAt === null || row.voidedAt === undefined ? sum + Number(row.amount) : sum), 0);
}
