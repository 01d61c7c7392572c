import type { Bool } from '../../values/record.ts';

export interface WardsTable {
  id: string;
  organizationId: string;
  name: string;
  code: string | null;
  floor: string | null;
  description: string | null;
  isActive: Bool;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    wards: WardsTable;
  }
}
