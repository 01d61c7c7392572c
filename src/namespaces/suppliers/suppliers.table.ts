import type { Bool } from '../../values/record.ts';

/** suppliers of an organization (inventory). */
export interface SuppliersTable {
  id: string;
  organizationId: string;
  module: string | null;
  name: string;
  contactPerson: string | null;
  phone: string | null;
  email: string | null;
  gstNumber: string | null;
  address: string | null;
  isActive: Bool;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    suppliers: SuppliersTable;
  }
}
