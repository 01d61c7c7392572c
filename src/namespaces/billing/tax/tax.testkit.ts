import assert from 'node:assert/strict';
import { AppError } from '../../../values/errors.ts';
import type { LineInput, Supply } from '../billing.lines.ts';

export function makeLine(overrides: Partial<LineInput> = {}): LineInput {
  return {
    description: 'Consultation',
    code: '999312',
    quantity: 1,
    unitPrice: 10_000,
    discount: 0,
    taxRate: 1800,
    exempt: false,
    sourceType: 'appointment',
    sourceId: 'appointment-1',
    ...overrides,
  };
}

/** A Maharashtra seller supplying in Maharashtra, and to Karnataka. */
export const INTRA: Supply = { sellerState: '27', placeOfSupply: '27' };
export const INTER: Supply = { sellerState: '27', placeOfSupply: '29' };

/** The paths of the VALIDATION_FAILED that `run` throws (fails if it throws anything else or nothing). */
export function refusedPaths(run: () => unknown): string[] {
  try {
    run();
  } catch (err) {
    assert.ok(err instanceof AppError, `not an AppError: ${String(err)}`);
    assert.equal(err.code, 'VALIDATION_FAILED');
    return (err.details ?? []).map((detail) => detail.path);
  }
  assert.fail('not refused');
}
