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
  idpUserId: string | null;
  createdAt: number;
  updatedAt: number;
}
