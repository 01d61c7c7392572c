import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RandomSlots, sideOfBlock, trimmedMean, twoSides } from '../bench/paired.ts';
import { median } from '../bench/processes.ts';

test('bench:key alternates P K K P, so that each side follows each side as often', () => {
  const sides = Array.from({ length: 8 }, (_, i) => sideOfBlock(i)[0]).join('');
  assert.equal(sides, 'bccbbccb');
  const follows = new Map<string, number>();
  for (let i = 1; i < 400; i++) follows.set(`${sideOfBlock(i - 1)}>${sideOfBlock(i)}`, (follows.get(`${sideOfBlock(i - 1)}>${sideOfBlock(i)}`) ?? 0) + 1);
  assert.deepEqual([...follows.values()].map((n) => Math.round(n / 100)), [1, 1, 1, 1]);
});

test('bench:key books each doctor\'s slots in turn, never one twice, and the doctors of a block at random', () => {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const slots = new RandomSlots(200, random);
  const taken = Array.from({ length: 4000 }, () => slots.take());
  assert.equal(new Set(taken.map((t) => `${t.doctor}/${t.slot}`)).size, 4000);
  for (let doctor = 0; doctor < 200; doctor++) {
    const own = taken.filter((t) => t.doctor === doctor).map((t) => t.slot);
    assert.deepEqual(own, own.map((_, i) => i), 'a doctor\'s slots in order from the first');
  }
  // Blocks of 50 at the same place of the pattern (every fourth) do not book the same doctors.
  const doctorsOf = (block: number) => new Set(taken.slice(block * 50, block * 50 + 50).map((t) => t.doctor));
  const shared = [...doctorsOf(0)].filter((d) => doctorsOf(4).has(d)).length;
  assert.ok(shared < 30, `blocks 0 and 4 share ${shared} doctors`);
});

test('a block that caught a checkpoint moves the trimmed mean and the median little', () => {
  const quiet = Array.from({ length: 20 }, (_, i) => 800 + (i % 5));
  assert.equal(median(quiet), 802);
  assert.ok(Math.abs(trimmedMean([...quiet.slice(1), 9_000]) - trimmedMean(quiet)) < 2);
  const r = twoSides(quiet, quiet.map((x) => x + 40));
  assert.equal(r.trimmedDifference, 40);
  assert.equal(r.changed - r.baseline, 40);
});
