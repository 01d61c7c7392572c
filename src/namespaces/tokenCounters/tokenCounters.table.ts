export interface TokenCountersTable {
  id: string;
  organizationId: string;
  date: string;
  prefix: string;
  lastSequence: number;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    tokenCounters: TokenCountersTable;
  }
}
