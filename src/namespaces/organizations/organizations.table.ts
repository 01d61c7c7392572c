import type { Bool, Json } from '../../values/record.ts';

export interface OrganizationsTable {
  id: string;
  name: string;
  slug: string | null;
  type: string | null;
  idpTeamId: string | null;
  timezone: string | null;
  address: Json<Record<string, unknown>> | null;
  latitude: number | null;
  longitude: number | null;
  isActive: Bool;
  /** Organization settings as JSON text; null = every default (src/namespaces/organizations/organizations.settings.ts). */
  settings: Json<Record<string, unknown>> | null;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    organizations: OrganizationsTable;
  }
}
