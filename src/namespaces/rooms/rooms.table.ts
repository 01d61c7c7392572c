import type { Bool } from '../../values/record.ts';

export interface RoomsTable {
  id: string;
  organizationId: string;
  wardId: string;
  roomNumber: string;
  name: string | null;
  /** a services record of category `bed` in the same organization */
  bedTypeServiceId: string | null;
  isActive: Bool;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    rooms: RoomsTable;
  }
}
