import { AppError, type ErrorDetail } from '../../../values/errors.ts';
import { MAX_MINOR, multiply } from '../../../values/money.ts';
import type { LineInput } from '../billing.lines.ts';

/** What every tax rule starts from: gross = unitPrice × quantity (half away from zero), taxable = gross − discount. */
export interface LineAmounts {
  gross: number;
  taxable: number;
}

const LARGEST = Math.floor(MAX_MINOR);

const isAmount = (value: number) => Number.isSafeInteger(value) && value >= 0 && value <= LARGEST;

/** At most three decimals, as `multiply` takes them, and more than 0. */
function isQuantity(value: number): boolean {
  const milli = Math.round(value * 1000);
  return value > 0 && Number.isSafeInteger(milli) && Math.abs(milli - value * 1000) <= 1e-6;
}

export function amountsOf(line: LineInput): LineAmounts {
  const gross = multiply(line.unitPrice, line.quantity);
  return { gross, taxable: gross - line.discount };
}

/** What keeps line `index` from having amounts, each with its path (`lines.2.discount`). */
export function lineProblems(line: LineInput, index: number): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const at = (field: string, message: string) => problems.push({ path: `lines.${index}.${field}`, message });
  if (!isQuantity(line.quantity)) at('quantity', 'must be more than 0 with at most 3 decimals');
  if (!isAmount(line.unitPrice)) at('unitPrice', `must be a whole number of paise from 0 to ${LARGEST}`);
  if (problems.length > 0) return problems;
  const { gross } = amountsOf(line);
  if (gross > LARGEST) at('quantity', `unit price × quantity must be at most ${LARGEST} paise`);
  else if (!(Number.isSafeInteger(line.discount) && line.discount >= 0 && line.discount <= gross)) {
    at('discount', `must be a whole number of paise from 0 to the line's gross amount (${gross})`);
  }
  return problems;
}

/** One VALIDATION_FAILED for all the problems found, summed up by the first. */
export function refuseIfAny(problems: readonly ErrorDetail[]): void {
  const first = problems[0];
  if (first) throw new AppError('VALIDATION_FAILED', `${first.path}: ${first.message}`, { details: [...problems] });
}
