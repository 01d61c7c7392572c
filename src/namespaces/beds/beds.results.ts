import { z } from 'zod';
import { out } from '../../values/results.ts';
import { wards } from '../wards/wards.public.ts';

/** Result schemas of the beds operations (src/values/results.ts); a bed record is `beds.schemas.record`. */

/** An active ward with its bed counts (listActiveWardsForReceptionist): active beds in active rooms. */
export const wardWithBedCounts = z
  .intersection(
    wards.schemas.record,
    out.record({
      isActive: z.literal(true),
      totalBeds: out.int(),
      /** AVAILABLE */
      freeBeds: out.int(),
      occupiedBeds: out.int(),
      reservedBeds: out.int(),
      cleaningBeds: out.int(),
      maintenanceBeds: out.int(),
    }),
  )
  .meta({ title: 'wardWithBedCounts' });
