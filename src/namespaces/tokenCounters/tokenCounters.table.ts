export interface TokenCountersTable {
  id: string;
  organizationId: string;
  date: string;
  prefix: string;
  lastSequence: number;
  createdAt: number;
  updatedAt: number;
}
