import type { Operation } from '../../operations/operation.ts';
import { acceptQuote } from './acceptQuote.ts';
import { cancelPrescription } from './cancelPrescription.ts';
import { getMyPrescriptions } from './getMyPrescriptions.ts';
import { getPharmacyPrescriptionDetails } from './getPharmacyPrescriptionDetails.ts';
import { getPrescriptionDetails } from './getPrescriptionDetails.ts';
import { getQuotations } from './getQuotations.ts';
import { pendingList } from './pendingList.ts';
import { rejectPrescription } from './rejectPrescription.ts';
import { rejectQuote } from './rejectQuote.ts';
import { saveDraftQuote } from './saveDraftQuote.ts';
import { searchProducts } from './searchProducts.ts';
import { submitQuote } from './submitQuote.ts';
import { updateQuote } from './updateQuote.ts';
import { uploadPrescription } from './uploadPrescription.ts';

/** The prescription marketplace (docs/marketplace.md). */
export const operations: Operation[] = [
  acceptQuote,
  cancelPrescription,
  getMyPrescriptions,
  getPharmacyPrescriptionDetails,
  getPrescriptionDetails,
  getQuotations,
  pendingList,
  rejectPrescription,
  rejectQuote,
  saveDraftQuote,
  searchProducts,
  submitQuote,
  updateQuote,
  uploadPrescription,
];
export { events } from './prescriptionMarketplace.events.ts';
