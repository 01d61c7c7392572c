/** What other namespaces use of prescriptionMarketplace; they import it from here only. */
export { acceptedQuoteOf, type AcceptedQuote } from './prescriptionMarketplace.accepted.ts';
