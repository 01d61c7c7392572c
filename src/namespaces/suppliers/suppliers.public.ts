/** What other namespaces use of suppliers; they import it from here only. */
export { findSupplier } from './suppliers.repo.ts';
