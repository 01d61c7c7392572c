import assert from 'node:assert/strict';
import { test } from 'node:test';
import { completionPercentage, qualityOf } from './sleepLogs.quality.ts';

test('quality bands against a goal of 480 minutes, at both sides of every boundary', () => {
  const cases: [number, string][] = [
    [601, 'too_much'],
    [600, 'too_much'], // 125 %
    [599, 'excellent'],
    [480, 'excellent'],
    [456, 'excellent'], // 95 %
    [455, 'good'],
    [408, 'good'], // 85 %
    [407, 'fair'],
    [336, 'fair'], // 70 %
    [335, 'poor'],
    [0, 'poor'],
  ];
  for (const [slept, quality] of cases) assert.equal(qualityOf(slept, 480), quality, `${String(slept)} minutes`);
});

test('boundaries that are not whole minutes: goal 450 (95 % = 427.5 minutes)', () => {
  assert.equal(qualityOf(428, 450), 'excellent');
  assert.equal(qualityOf(427, 450), 'good');
  assert.equal(qualityOf(563, 450), 'too_much'); // 125 % = 562.5
  assert.equal(qualityOf(562, 450), 'excellent');
});

test('completion percentage: one decimal, half up, not capped', () => {
  assert.equal(completionPercentage(450, 480), 93.8); // 93.75
  assert.equal(completionPercentage(480, 480), 100);
  assert.equal(completionPercentage(600, 480), 125);
  assert.equal(completionPercentage(500, 450), 111.1);
  assert.equal(completionPercentage(0, 480), 0);
});
