import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';
import type { OwnerOf } from '../../../operations/audience.ts';
import type { PatientResolver } from '../../../operations/reads.ts';
import type { FhirResource } from '../fhir.resources.ts';
import type { SearchParam } from '../search/params.ts';

type Row = Record<string, unknown>;

/** What a mapping may need besides its row. */
export interface MappingContext {
  /** the organization's time zone (wall-clock times of appointments) */
  timeZone: string;
}

/** `_include=<Type>:<name>`: the resources a column of the page's rows refers to, of another type. */
export interface Include {
  /** the type referred to (a function: the declarations refer to each other) */
  target: () => FhirType;
  /** the column of this type's rows holding the id referred to */
  column: string;
}

/**
 * A FHIR resource type, as data (docs/fhir.md, "How a type is declared"): the organization's rows
 * it is made of, the one mapping of a row to the resource (shared with the export), its search
 * parameters, its includes and whose patient data it is. From it come the operations
 * `fhir.read<Type>` and `fhir.search<Type>`, the routes and the CapabilityStatement's entry.
 */
export interface FhirType<T extends string = string> {
  type: T;
  /** what the resource is, for the operations' summaries */
  describes: string;
  table: keyof Database;
  /**
   * The rows, where they are not one table's: a query whose columns the mapping and the search
   * read (Location: wards, rooms and beds as one list); `table` then names the main one.
   */
  source?(db: Db): SelectQueryBuilder<Database, keyof Database, Row>;
  /** The rows of the organization that are resources of this type (default: the table's organizationId is it). */
  scope(organizationId: string): Expression<SqlBool>;
  /** The mapping needs the organization's time zone (read once per call). */
  zoned: boolean;
  resource(row: Row, context: MappingContext): FhirResource<T>;
  /**
   * The rows completed with what the mapping needs from other tables (a lab order's tests, an
   * invoice's lines), read for all the rows given at once: one query per page, never one per row.
   */
  related?(db: Db, organizationId: string, rows: readonly Row[]): Promise<Row[]>;
  searchParams: readonly SearchParam[];
  /** The top-level elements the resource must have (cardinality 1..): `_elements` keeps them, as the specification asks. */
  mandatory: readonly string[];
  includes: Readonly<Record<string, Include>>;
  /**
   * Whose patient data a resource is (the read log): `self` a Patient; a resolver finding the
   * patient of the resource's id (off the request path); none for resources of no patient.
   */
  patientData: 'self' | PatientResolver | undefined;
  /**
   * The account that may read a resource by id as its own, besides the organization's staff: a
   * patient's linked account (docs/fhir.md, "A patient's own account"). With it `fhir.read<Type>`
   * is a `self` operation with this owner; without it, staff's only.
   */
  readOwner: OwnerOf<{ organizationId: string; id: string }> | undefined;
  /**
   * The search parameter naming a resource's patient records (`patient`; a Patient's `_id`). With it
   * a patient's own account may search the type too: `fhir.search<Type>` is a `self` operation whose
   * owner is an account linked to a patient record of the named organization, and such an account's
   * search is kept by this parameter to its own records, whatever else it sends.
   */
  ownPatientsParam: string | undefined;
}

type Defaulted = 'scope' | 'zoned' | 'mandatory' | 'includes' | 'patientData' | 'readOwner' | 'ownPatientsParam';
export type FhirTypeDeclaration<T extends string> = Omit<FhirType<T>, Defaulted> & Partial<Pick<FhirType<T>, Defaulted>>;

/** The rows whose organizationId is the organization's: the scope of most types. */
export const ofOrganization = (organizationId: string): Expression<SqlBool> => sql<SqlBool>`${sql.ref('organizationId')} = ${organizationId}`;

export function defineFhirType<T extends string>(declaration: FhirTypeDeclaration<T>): FhirType<T> {
  return { scope: ofOrganization, zoned: false, mandatory: [], includes: {}, patientData: undefined, readOwner: undefined, ownPatientsParam: undefined, ...declaration };
}

/** Patients' records answered by id: the resolver of a type whose rows carry `patientId`. */
export function patientOfRows(table: 'appointments' | 'admissions' | 'labOrders' | 'admissionCharges' | 'admissionPayments' | 'billingDocuments'): PatientResolver {
  return async (db, ids) => {
    const rows = await db.selectFrom(table).select(['id', 'patientId']).where('id', 'in', ids).execute();
    return new Map(rows.flatMap((row) => (row.patientId ? [[row.id, row.patientId] as const] : [])));
  };
}
