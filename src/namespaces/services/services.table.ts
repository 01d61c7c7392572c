import type { Bool } from '../../values/record.ts';

export interface ServicesTable {
  id: string;
  organizationId: string;
  name: string;
  category: string;
  code: string | null;
  /** GST services code (SAC), digits */
  sacCode: string | null;
  /** integer minor units (paise / cents); the API shows it as a number with two decimals */
  price: number;
  /** integer basis points (1800 = 18 %); the API shows it as a percentage */
  taxPercent: number;
  /** the users record id of the doctor whose consultation this is */
  doctorId: string | null;
  isActive: Bool;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    services: ServicesTable;
  }
}
