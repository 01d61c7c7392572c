import type { Json } from '../../values/record.ts';

/** A backend client of the FHIR API, registered by an organization's admin (docs/fhir.md, "Authorization"). */
export interface FhirClientsTable {
  /** the OAuth client_id */
  id: string;
  organizationId: string;
  name: string;
  /** JSON text: the client's public JWK set `{ keys }` (null: it is fetched from jwksUrl) */
  jwks: Json<{ keys: Record<string, unknown>[] }> | null;
  /** where the client publishes its public JWK set (null: jwks is registered) */
  jwksUrl: string | null;
  /** JSON text: the scopes the client may be given, e.g. ["system/*.read"] */
  scopes: Json<string[]>;
  /** the identity that registered it */
  createdBy: string | null;
  /** set once revoked: from then on it gets no token and its tokens are refused */
  revokedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The ids (jti) of the assertions a client has used, kept until they expire so that none is used twice. */
export interface FhirClientAssertionsTable {
  clientId: string;
  jti: string;
  expiresAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    fhirClients: FhirClientsTable;
    fhirClientAssertions: FhirClientAssertionsTable;
  }
}
