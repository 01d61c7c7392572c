import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult } from '../../values/results.ts';
import { wardWithBedCounts } from './beds.results.ts';
import { allWards, bedCounts } from './beds.repo.ts';

const COUNTED = { AVAILABLE: 'freeBeds', OCCUPIED: 'occupiedBeds', RESERVED: 'reservedBeds', CLEANING: 'cleaningBeds', MAINTENANCE: 'maintenanceBeds' } as const;

/**
 * The active wards, each with its bed counts: `totalBeds` and one count per status (`freeBeds` =
 * AVAILABLE, the beds an admission can be given). Only active beds in active rooms count.
 */
export const listActiveWardsForReceptionist = defineOperation({
  namespace: 'beds',
  name: 'listActiveWardsForReceptionist', audience: member(),
  summary: 'Active wards with their free / occupied / reserved / cleaning / maintenance bed counts',
  input: z.object({ organizationId: id() }),
  output: itemsResult(wardWithBedCounts),
  async handler(ctx, input) {
    const [wards, counts] = await Promise.all([allWards(ctx.db, input.organizationId), bedCounts(ctx.db, input.organizationId)]);
    const items = wards
      .filter((w): w is typeof w & { isActive: true } => w.isActive === true)
      .map((ward) => {
        const figures = { totalBeds: 0, freeBeds: 0, occupiedBeds: 0, reservedBeds: 0, cleaningBeds: 0, maintenanceBeds: 0 };
        for (const c of counts) {
          if (c.wardId !== ward.id) continue;
          figures.totalBeds += c.n;
          const key = COUNTED[c.status as keyof typeof COUNTED] as keyof typeof figures | undefined;
          if (key) figures[key] += c.n;
        }
        return { ...ward, ...figures };
      });
    return { items };
  },
});
