import type { Db } from '../../db/database.ts';
import { toMinor } from '../../values/money.ts';
import { services, type ServiceRecord } from './services.resource.ts';

export type { ServiceRecord } from './services.resource.ts';

/** Query functions for services; each takes the handle first. */

export function findService(db: Db, organizationId: string, id: string): Promise<ServiceRecord | undefined> {
  return services.repo.find(db, organizationId, id);
}

/** The exact amounts of a service for arithmetic (src/values/money.ts): price in minor units, tax in basis points. */
export function amountsOf(service: Pick<ServiceRecord, 'price' | 'taxPercent'>): { priceMinor: number; taxBasisPoints: number } {
  return { priceMinor: toMinor(service.price)!, taxBasisPoints: toMinor(service.taxPercent)! };
}
