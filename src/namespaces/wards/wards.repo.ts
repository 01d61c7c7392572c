import type { Db } from '../../db/database.ts';
import { wards, type WardRecord } from './wards.resource.ts';

/** Query functions for wards; each takes the handle first. */

/** The ward of the organization, if it exists there. */
export function findWard(db: Db, organizationId: string, id: string): Promise<WardRecord | undefined> {
  return wards.repo.find(db, organizationId, id);
}
