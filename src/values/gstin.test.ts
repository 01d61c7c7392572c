import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { gstin, gstinCheckCharacter, gstinProblem, isGstin, stateOfGstin } from './gstin.ts';
import { isStateCode, stateCodes, stateName } from './gst-states.ts';

// Sample GSTINs published in GST e-invoice documentation and examples.
const VALID = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4'];

test('the published sample GSTINs are valid', () => {
  for (const value of VALID) assert.equal(isGstin(value), true, value);
});

test('a changed character or a swap of two neighbours breaks the check character', () => {
  assert.equal(gstinProblem('27AAPFU0939F1ZW'), 'check character does not match (a mistyped character?)');
  assert.equal(isGstin('27AAPFU0939F1ZV'.replace('0939', '0993')), false);
  assert.equal(isGstin('29AAGCB7383J1Z4'.replace('29', '27')), false);
});

test('the format: length, capitals, PAN pattern, entity number, Z, known state code', () => {
  assert.equal(gstinProblem('27AAPFU0939F1Z'), 'must be 15 characters');
  assert.equal(gstinProblem('27aapfu0939f1zv'), 'must be in capital letters');
  assert.match(gstinProblem('27AAPF10939F1ZV')!, /PAN/); // a digit among the PAN's letters
  assert.match(gstinProblem('27AAPFU0939F0ZV')!, /entity number/); // entity number 0
  assert.match(gstinProblem('27AAPFU0939F1YV')!, /Z/);
  const unknownState = '40AAPFU0939F1Z';
  assert.equal(gstinProblem(unknownState + gstinCheckCharacter(unknownState)), '40 is not a GST state code');
});

test('any single changed character of a valid GSTIN is refused', () => {
  const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  fc.assert(
    fc.property(fc.constantFrom(...VALID), fc.nat(14), fc.constantFrom(...chars), (value, at, char) => {
      fc.pre(value.charAt(at) !== char);
      assert.equal(isGstin(value.slice(0, at) + char + value.slice(at + 1)), false);
    }),
  );
});

test('stateOfGstin reads the state of a valid GSTIN only', () => {
  assert.equal(stateOfGstin('27AAPFU0939F1ZV'), '27');
  assert.equal(stateOfGstin('27AAPFU0939F1ZW'), null);
  assert.equal(stateOfGstin(null), null);
  assert.equal(stateOfGstin(undefined), null);
});

test('the gstin schema accepts a GSTIN and refuses lowercase, bad and long values with one clear message', () => {
  assert.equal(gstin().parse('29AAGCB7383J1Z4'), '29AAGCB7383J1Z4');
  const lower = gstin().safeParse('29aagcb7383j1z4');
  assert.deepEqual(lower.error?.issues.map((i) => i.message), ['must be in capital letters']);
  const long = gstin().safeParse('2'.repeat(100_000));
  assert.deepEqual(long.error?.issues.map((i) => i.message), ['must be 15 characters']);
  assert.equal(gstin().safeParse(27).success, false);
});

test('the state codes: 01 to 38, 97 and 99, with their names', () => {
  assert.equal(stateCodes.length, 40);
  assert.equal(stateCodes[0], '01');
  assert.equal(stateCodes.at(-1), '99');
  assert.equal(stateName('27'), 'Maharashtra');
  assert.equal(stateName('38'), 'Ladakh');
  assert.equal(stateName('97'), 'Other Territory');
  assert.equal(stateName('99'), 'Centre Jurisdiction');
  for (const code of ['00', '39', '96', '1', '270', 'toString', '__proto__']) {
    assert.equal(isStateCode(code), false, code);
    assert.equal(stateName(code), undefined);
  }
});
