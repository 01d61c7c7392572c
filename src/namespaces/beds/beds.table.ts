import type { Bool } from '../../values/record.ts';

export interface BedsTable {
  id: string;
  organizationId: string;
  wardId: string;
  roomId: string;
  bedNumber: string;
  displayName: string;
  /** AVAILABLE, OCCUPIED, RESERVED, CLEANING, MAINTENANCE (or any other text: not assignable) */
  status: string;
  /** the admission occupying the bed (OCCUPIED) or the one it is reserved for (RESERVED) */
  currentAdmissionId: string | null;
  isActive: Bool;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    beds: BedsTable;
  }
}
