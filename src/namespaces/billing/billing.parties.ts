import type { Db } from '../../db/database.ts';
import { AppError } from '../../values/errors.ts';
import { findOrganizationById, type OrganizationSettings } from '../organizations/organizations.public.ts';
import { findPatient } from '../patients/patients.public.ts';
import { currentLogoSha256 } from './billing.logos.ts';
import type { BuyerSnapshot, SellerSnapshot } from './billing.table.ts';

/** The parts of a stored address, in the order a postal address is written. */
const ADDRESS_LINES: readonly (readonly string[])[] = [
  ['line1', 'street', 'addressLine1'],
  ['line2', 'area', 'addressLine2', 'locality'],
  ['city', 'district'],
  ['state'],
  ['postalCode', 'pincode', 'zip'],
  ['country'],
];
const MAX_ADDRESS_PART = 200;

/** A free-form address (organizations, patients) as printable lines: the known parts, in order. */
export function addressLines(address: unknown): string[] {
  if (!address || typeof address !== 'object') return [];
  const parts = new Map<string, unknown>(Object.entries(address));
  const lines: string[] = [];
  for (const names of ADDRESS_LINES) {
    const value = names.map((name) => parts.get(name)).find((v) => typeof v === 'string' && v.trim() !== '');
    if (typeof value === 'string') lines.push(value.trim().slice(0, MAX_ADDRESS_PART));
  }
  return lines;
}

export interface Seller {
  snapshot: SellerSnapshot;
  /** the logo it prints now (billingLogos), null: none */
  logoSha256: string | null;
  settings: OrganizationSettings;
  timeZone: string;
}

/** The organization as it issues a document now, with its tax profile (settings) and its logo. */
export async function sellerOf(db: Db, organizationId: string, fallbackZone: string): Promise<Seller> {
  const organization = await findOrganizationById(db, organizationId);
  if (!organization) throw new AppError('INVALID_STATE', 'documents are issued by an organization with an organizations record: create it first (organizations.create)');
  const { settings } = organization;
  if (settings.taxRegime === 'in_gst' && !settings.gstin) {
    throw new AppError('INVALID_STATE', "the organization's tax profile is GST but its GSTIN is not set: set settings.gstin (organizations.update) first");
  }
  return {
    snapshot: {
      name: organization.name,
      legalName: settings.legalName,
      gstin: settings.gstin,
      addressLines: addressLines(organization.address),
      stateCode: settings.gstin ? settings.gstin.slice(0, 2) : null,
      phone: null,
      email: null,
    },
    logoSha256: await currentLogoSha256(db, organizationId),
    settings,
    timeZone: organization.timezone ?? fallbackZone,
  };
}

/** What a caller may say of the buyer: a business buyer's GSTIN, and where the supply goes. */
export interface BuyerInput {
  buyerGstin?: string | null | undefined;
  placeOfSupply?: string | null | undefined;
}

/** The patient as the buyer, with a business buyer's GSTIN when given (its state is then the place of supply). */
export async function buyerOf(db: Db, organizationId: string, patientId: string, input: BuyerInput): Promise<BuyerSnapshot> {
  const patient = await findPatient(db, organizationId, patientId);
  const gstin = input.buyerGstin ?? null;
  return {
    name: patient?.name ?? 'Patient',
    reference: patient ? patient.id : null,
    mobile: patient?.mobileNumber ?? null,
    gstin,
    addressLines: addressLines(patient?.address),
    stateCode: gstin ? gstin.slice(0, 2) : (input.placeOfSupply ?? null),
  };
}
