import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError } from '../../values/errors.ts';
import { date, id } from '../../values/fields.ts';
import { newId } from '../../values/ids.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { MAX_SEQUENCE, tokenCounters } from './tokenCounters.resource.ts';

/** Numbers below this width are zero-padded in the token; wider ones are shown whole. */
const TOKEN_DIGITS = 4;

export function formatToken(prefix: string, sequence: number): string {
  return `${prefix}-${String(sequence).padStart(TOKEN_DIGITS, '0')}`;
}

/**
 * Takes the next number of the (organizationId, date, prefix) counter, creating the counter at 1
 * on first use. One upsert statement does the read and the increment, so concurrent takers never
 * get the same number and none is skipped (the row lock serialises them on both databases).
 * A counter at MAX_SEQUENCE is used up: INVALID_STATE, and it stays as it is.
 */
export const next = defineOperation({
  namespace: 'tokenCounters',
  name: 'next', audience: member(),
  summary: 'Take the next sequence number of a counter (created on first use) and its formatted token',
  writes: true,
  input: z.object({
    organizationId: id(),
    date: date(),
    prefix: z.string().trim().min(1).max(32),
  }),
  output: z.object({ item: tokenCounters.schemas.record, sequence: out.int(), token: out.text() }),
  async handler(ctx, input) {
    const now = ctx.now();
    const rows = await ctx.db
      .insertInto('tokenCounters')
      .values({
        id: newId(),
        organizationId: input.organizationId,
        date: input.date,
        prefix: input.prefix,
        lastSequence: 1,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['organizationId', 'date', 'prefix'])
          .doUpdateSet((eb) => ({
            lastSequence: eb('tokenCounters.lastSequence', '+', 1),
            updatedAt: now,
          }))
          .where('tokenCounters.lastSequence', '<', MAX_SEQUENCE),
      )
      .returningAll()
      .execute();
    if (!rows[0]) throw new AppError('INVALID_STATE', `the counter has reached ${MAX_SEQUENCE}, the largest number it can hold`);
    const item = tokenCounters.repo.toRecord(rows[0]);
    const sequence = Number(item.lastSequence);
    return { item, sequence, token: formatToken(input.prefix, sequence) };
  },
});
