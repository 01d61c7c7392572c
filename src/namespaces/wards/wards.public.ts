/** What other namespaces use of wards; they import it from here only. */
export { findWard } from './wards.repo.ts';
export { wards } from './wards.resource.ts';
