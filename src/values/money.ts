import { z } from 'zod';

/**
 * Money is carried as a number with at most two decimals in the API and as integer minor units
 * (paise / cents) everywhere else: columns, sums, tax. Percentages are integer basis points
 * (1 bp = 0.01 %). No float arithmetic ever touches an amount.
 */

/** The largest amount in minor units: a product with a rate in basis points stays a safe integer. */
export const MAX_MINOR = Number.MAX_SAFE_INTEGER / 10_000;

/** The exact minor units of an amount with at most two decimals, or undefined if it has more. */
export function toMinor(amount: number): number | undefined {
  if (!Number.isFinite(amount)) return undefined;
  const fixed = amount.toFixed(2);
  if (Number(fixed) !== amount) return undefined;
  const negative = fixed.startsWith('-');
  const [whole = '0', cents = '00'] = fixed.replace('-', '').split('.');
  const minor = Number(whole) * 100 + Number(cents);
  if (minor > MAX_MINOR) return undefined;
  return negative ? -minor : minor;
}

export function fromMinor(minor: number): number {
  return minor / 100;
}

/** An amount in the API (>= 0, at most two decimals), parsed to minor units. */
export const money = () =>
  z
    .number()
    .min(0, 'must not be negative')
    .refine((v) => toMinor(v) !== undefined, 'must have at most two decimals')
    .transform((v) => toMinor(v)!);

/** A percentage 0..100 with at most two decimals, parsed to basis points. */
export const percent = () =>
  z
    .number()
    .min(0)
    .max(100)
    .refine((v) => toMinor(v) !== undefined, 'must have at most two decimals')
    .transform((v) => toMinor(v)!);

/** amount x basisPoints / 10000, rounded half away from zero to the minor unit. */
export function applyRate(minor: number, basisPoints: number): number {
  const product = BigInt(minor) * BigInt(basisPoints);
  const sign = product < 0n ? -1n : 1n;
  const abs = product * sign;
  return Number(sign * ((abs + 5000n) / 10000n));
}

/** unitMinor x quantity, where quantity may have up to three decimals (e.g. 1.5 units). */
export function multiply(unitMinor: number, quantity: number): number {
  const milli = Math.round(quantity * 1000);
  if (Math.abs(milli - quantity * 1000) > 1e-6) throw new RangeError('quantity has more than three decimals');
  const product = BigInt(unitMinor) * BigInt(milli);
  const sign = product < 0n ? -1n : 1n;
  return Number(sign * ((product * sign + 500n) / 1000n));
}
