/** What other namespaces use of wards; they import it from here only. */
export { findWard } from './wards.repo.ts';
export { type WardRecord, wards } from './wards.resource.ts';
