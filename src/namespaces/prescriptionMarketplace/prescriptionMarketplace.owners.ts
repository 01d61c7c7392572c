import type { Owner } from '../../operations/audience.ts';
import { notFound } from '../../values/errors.ts';
import type { Context } from '../../operations/operation.ts';
import { patientOfQuote, patientOfRequest } from './prescriptionMarketplace.repo.ts';

/**
 * `self` owners of the patient side keyed by a record: the patient of the request. A request is the
 * patient's own, not an organization's (the pharmacies it went to answer it through the pharmacy
 * side), so no organization's staff act for it. A missing record is NOT_FOUND, and so is another
 * patient's.
 */
const patientOwner = (idpUserId: string | undefined, what: string): Owner => {
  if (idpUserId === undefined) throw notFound(what);
  return { idpUserId, organizationId: null, named: false };
};

export async function requestPatient(input: { prescriptionRequestId: string }, ctx: Context): Promise<Owner> {
  return patientOwner(await patientOfRequest(ctx.db, input.prescriptionRequestId), 'prescription request');
}

export async function quotePatient(input: { quoteId: string }, ctx: Context): Promise<Owner> {
  return patientOwner(await patientOfQuote(ctx.db, input.quoteId), 'quote');
}
