/**
 * An amount in words in the Indian system, as printed on an invoice: 1234567890 paise →
 * 'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety
 * Paise Only'. Crores above ninety-nine are themselves said in words ('Nine Thousand Nine Hundred
 * Ninety-Nine Crore ...'), so every safe integer has its words.
 */

const units = [
  'Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten',
  'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
];
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** Indian scales, largest first; what is above a crore is counted in crores. */
const scales: ReadonlyArray<readonly [number, string]> = [
  [10_000_000, 'Crore'],
  [100_000, 'Lakh'],
  [1_000, 'Thousand'],
  [100, 'Hundred'],
];

/** 1..99 in words: 'Seven', 'Nineteen', 'Forty', 'Forty-Five'. */
function belowHundred(n: number): string {
  if (n < 20) return units[n]!;
  const ten = tens[Math.floor(n / 10)]!;
  return n % 10 === 0 ? ten : `${ten}-${units[n % 10]!}`;
}

/** A whole number ≥ 1 in words, Indian scales. */
function wholeInWords(n: number): string {
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of scales) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${wholeInWords(count)} ${name}`);
    rest %= size;
  }
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** The amount in words; a negative amount or a fraction of a paisa is refused (RangeError). */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`amountInWords takes whole paise ≥ 0, got ${paise}`);
  }
  const rupeePart = Math.floor(paise / 100);
  const paisePart = paise % 100;
  const rupeeWords = rupeePart === 0 ? 'Zero' : wholeInWords(rupeePart);
  const paiseWords = paisePart === 0 ? '' : ` and ${belowHundred(paisePart)} ${paisePart === 1 ? 'Paisa' : 'Paise'}`;
  return `Rupees ${rupeeWords}${paiseWords} Only`;
}
