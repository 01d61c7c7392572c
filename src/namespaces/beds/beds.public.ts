/** What other namespaces use of beds; they import it from here only. */
export { claimBed, releaseBed, releaseReservations } from './beds.occupancy.ts';
export { beds } from './beds.resource.ts';
