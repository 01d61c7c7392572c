import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { amountInWords } from './words.ts';

const rupee = (r: number) => amountInWords(r * 100);

test('the example of the spec: one crore twenty-three lakh ... and ninety paise', () => {
  assert.equal(
    amountInWords(1234567890),
    'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only',
  );
});

test('small numbers and the teens', () => {
  const cases: Array<[number, string]> = [
    [0, 'Rupees Zero Only'],
    [1, 'Rupees One Only'],
    [10, 'Rupees Ten Only'],
    [11, 'Rupees Eleven Only'],
    [19, 'Rupees Nineteen Only'],
    [20, 'Rupees Twenty Only'],
    [21, 'Rupees Twenty-One Only'],
    [99, 'Rupees Ninety-Nine Only'],
    [100, 'Rupees One Hundred Only'],
    [101, 'Rupees One Hundred One Only'],
    [110, 'Rupees One Hundred Ten Only'],
    [1000, 'Rupees One Thousand Only'],
    [1001, 'Rupees One Thousand One Only'],
    [99999, 'Rupees Ninety-Nine Thousand Nine Hundred Ninety-Nine Only'],
    [100000, 'Rupees One Lakh Only'],
    [1000000, 'Rupees Ten Lakh Only'],
    [10000000, 'Rupees One Crore Only'],
    [10000001, 'Rupees One Crore One Only'],
  ];
  for (const [r, words] of cases) assert.equal(rupee(r), words, `${r}`);
});

test('paise: none when zero, singular for one, alone after zero rupees', () => {
  assert.equal(amountInWords(1), 'Rupees Zero and One Paisa Only');
  assert.equal(amountInWords(5), 'Rupees Zero and Five Paise Only');
  assert.equal(amountInWords(1015), 'Rupees Ten and Fifteen Paise Only');
  assert.equal(amountInWords(10199), 'Rupees One Hundred One and Ninety-Nine Paise Only');
  assert.equal(amountInWords(10000), 'Rupees One Hundred Only');
});

test('crores above ninety-nine are counted in words', () => {
  assert.equal(
    rupee(99_99_99_99_999),
    'Rupees Nine Thousand Nine Hundred Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine Only',
  );
  assert.equal(rupee(1_00_00_00_000), 'Rupees One Hundred Crore Only');
});

test('negative amounts and fractions of a paisa are refused', () => {
  assert.throws(() => amountInWords(-1), RangeError);
  assert.throws(() => amountInWords(0.5), RangeError);
});

/** Reads the words back to paise: a number said two ways would break the round trip. */
function wordsToPaise(words: string): number {
  const match = /^Rupees (.+?)(?: and (.+) Paisa| and (.+) Paise)? Only$/.exec(words);
  assert.ok(match, words);
  return readWhole(match[1]!) * 100 + (match[2] ?? match[3] ? readWhole((match[2] ?? match[3])!) : 0);
}

const small: Record<string, number> = Object.fromEntries(
  ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve',
    'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'].map((w, i) => [w, i]),
);
const tensWords: Record<string, number> = { Twenty: 20, Thirty: 30, Forty: 40, Fifty: 50, Sixty: 60, Seventy: 70, Eighty: 80, Ninety: 90 };
const scaleWords: Record<string, number> = { Hundred: 100, Thousand: 1_000, Lakh: 100_000, Crore: 10_000_000 };

function readWhole(text: string): number {
  // a scale multiplies everything read since the last larger scale
  let total = 0;
  let current = 0;
  for (const word of text.split(' ')) {
    const scale = scaleWords[word];
    if (scale !== undefined) {
      if (scale === 10_000_000) { total = (total + current) * scale; current = 0; }
      else if (scale === 100) current *= scale;
      else { total += current * scale; current = 0; }
      continue;
    }
    const [ten, unit] = word.split('-');
    current += unit === undefined ? (small[ten!] ?? tensWords[ten!]!) : tensWords[ten!]! + small[unit]!;
  }
  return total + current;
}

test('words read back to the amount (so different amounts have different words)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 99_99_99_99_999_99 }), (paise) => {
      assert.equal(wordsToPaise(amountInWords(paise)), paise);
    }),
    { numRuns: 2000 },
  );
});

test('different amounts below ten crore rupees never share their words', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (a, b) => {
      fc.pre(a !== b);
      assert.notEqual(amountInWords(a), amountInWords(b));
    }),
    { numRuns: 2000 },
  );
});
