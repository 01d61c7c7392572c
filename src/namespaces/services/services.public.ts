/** What other namespaces use of services; they import it from here only. */
export { isDoctorOf, knownDoctor } from './services.checks.ts';
export { amountsOf, findService } from './services.repo.ts';
export { type ServiceRecord, services } from './services.resource.ts';
