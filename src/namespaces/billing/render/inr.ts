/**
 * Indian number formats for printed documents: amounts in paise shown as rupees with Indian digit
 * grouping (₹1,23,45,678.90: the last three digits, then groups of two) and rates in basis points
 * shown as percentages.
 */

/** Digits of a non-negative whole number grouped the Indian way: 12345678 → '1,23,45,678'. */
export function indianGrouping(whole: bigint): string {
  const digits = whole.toString();
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const pairs = rest.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${lastThree}`;
}

/** 1234567890 paise → '₹1,23,45,678.90'; negative amounts with a leading minus: '-₹12.50'. */
export function rupees(paise: number): string {
  return `${paise < 0 ? '-' : ''}₹${unsignedAmount(paise)}`;
}

/** The amount without the rupee sign, as a table column shows it: 1234567890 → '1,23,45,678.90'. */
export function amount(paise: number): string {
  return `${paise < 0 ? '-' : ''}${unsignedAmount(paise)}`;
}

function unsignedAmount(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`an amount in paise must be a whole number, got ${paise}`);
  const magnitude = BigInt(Math.abs(paise));
  const fraction = (magnitude % 100n).toString().padStart(2, '0');
  return `${indianGrouping(magnitude / 100n)}.${fraction}`;
}

/** A rate in basis points as a percentage: 1800 → '18%', 25 → '0.25%', 750 → '7.5%'. */
export function percentOf(basisPoints: number): string {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`a rate in basis points must be a whole number ≥ 0, got ${basisPoints}`);
  }
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100).padStart(2, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}
