import type { Json } from '../../values/record.ts';

export interface PatientsTable {
  id: string;
  organizationId: string;
  name: string;
  dob: string | null;
  gender: string | null;
  /** normalised: separators removed, `+` and 7 to 15 digits */
  mobileNumber: string | null;
  /** lower case */
  email: string | null;
  address: Json<Record<string, unknown>> | null;
  /** the account linked to the record, accepted by that account (a request pending is not a link) */
  idpUserId: string | null;
  /** an account staff asked to link, until it accepts (patients.acceptLink) or declines */
  linkPendingIdpUserId: string | null;
  /** who asked (identity id), when, and until when the account may accept */
  linkRequestedBy: string | null;
  linkRequestedAt: number | null;
  linkExpiresAt: number | null;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    patients: PatientsTable;
  }
}
