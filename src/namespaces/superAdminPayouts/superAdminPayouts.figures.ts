import { AppError, type ErrorDetail } from '../../values/errors.ts';
import { applyRate, fromMinor, toMinor } from '../../values/money.ts';
import type { SuperAdminPayoutsTable } from './superAdminPayouts.table.ts';

/** A payout's money as its columns hold it: integer minor units (commission as basis points). */
export type Figures = Pick<SuperAdminPayoutsTable, 'grossAmount' | 'commissionPercent' | 'commissionAmount' | 'gatewayCharge' | 'payoutCharge' | 'netPayout'>;

/** An amount in minor units as the API writes it, e.g. 1234 -> "12.34". */
export const show = (minor: number) => fromMinor(minor).toFixed(2);

/** Minor units of a validated amount from a record (at most two decimals by its schema). */
function minor(value: unknown): number {
  const m = typeof value === 'number' ? toMinor(value) : undefined;
  if (m === undefined) throw new RangeError(`${String(value)} is not an amount with at most two decimals`);
  return m;
}

export function figuresOf(record: Record<string, unknown>): Figures {
  return {
    grossAmount: minor(record.grossAmount),
    commissionPercent: minor(record.commissionPercent),
    commissionAmount: minor(record.commissionAmount),
    gatewayCharge: minor(record.gatewayCharge),
    payoutCharge: minor(record.payoutCharge),
    netPayout: minor(record.netPayout),
  };
}

/**
 * The problems of a payout's figures, none when they agree to the cent:
 * commissionAmount = grossAmount x commissionPercent / 100 (rounded half up to the minor unit, as
 * applyRate does), netPayout = grossAmount - commissionAmount - gatewayCharge - payoutCharge.
 */
export function figureProblems(f: Figures): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const commission = applyRate(f.grossAmount, f.commissionPercent);
  if (f.commissionAmount !== commission) {
    problems.push({
      path: 'commissionAmount',
      message: `must be grossAmount x commissionPercent / 100 = ${show(f.grossAmount)} x ${show(f.commissionPercent)} / 100 = ${show(commission)}, not ${show(f.commissionAmount)}`,
    });
  }
  const net = f.grossAmount - f.commissionAmount - f.gatewayCharge - f.payoutCharge;
  if (net < 0) {
    problems.push({ path: 'netPayout', message: `commissionAmount, gatewayCharge and payoutCharge together (${show(f.grossAmount - net)}) exceed grossAmount ${show(f.grossAmount)}` });
  } else if (f.netPayout !== net) {
    problems.push({ path: 'netPayout', message: `must be grossAmount - commissionAmount - gatewayCharge - payoutCharge = ${show(net)}, not ${show(f.netPayout)}` });
  }
  return problems;
}

export function assertFiguresAgree(f: Figures): void {
  const problems = figureProblems(f);
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems.map((p) => `${p.path}: ${p.message}`).join('; '), { details: problems });
}
