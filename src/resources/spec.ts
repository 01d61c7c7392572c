import type { Selectable } from 'kysely';
import type { Audience } from '../operations/audience.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import type { Context } from '../operations/operation.ts';
import type { PatientLink } from '../operations/reads.ts';
import type { DecodedColumns, RecordOf } from '../values/record.ts';
import type { FieldSpec, KindFor } from './kinds.ts';

export type TableName = keyof Database;
export type RowOf<T extends TableName> = Selectable<Database[T]>;

/** A resource's record: its row with booleans and JSON decoded (src/values/record.ts). */
export type ResourceRecord<T extends TableName, I extends FieldName<T> = never> = Omit<RecordOf<RowOf<T>>, I>;

/** Validated input of a generated create or update: any field, null where the API allows clearing. */
export type ResourceInput<T extends TableName, I extends FieldName<T> = never> = { [K in keyof ResourceRecord<T, I>]?: ResourceRecord<T, I>[K] | null };

/** Columns the generator sets itself. */
type Managed = 'id' | 'organizationId' | 'createdAt' | 'updatedAt';

/**
 * The fields of a resource, one per column it accepts. Every boolean or JSON column must be
 * described (with a kind that decodes it), so that a record is always what its type says.
 */
export type FieldsOf<T extends TableName, I extends FieldName<T> = never> = {
  [C in Exclude<keyof RowOf<T>, Managed>]?: FieldSpec<KindFor<RowOf<T>[C]>>;
} & {
  [C in Exclude<DecodedColumns<RowOf<T>>, Managed | I>]-?: FieldSpec<KindFor<RowOf<T>[C]>>;
};

export type FieldName<T extends TableName> = Exclude<keyof RowOf<T>, Managed> & string;

export type GeneratedName = 'create' | 'getById' | 'update' | 'delete' | 'list';

export interface ResourceSpec<T extends TableName, I extends FieldName<T> = never> {
  namespace: string;
  /** Who may call the generated operations (docs/contract.md, "Audiences and roles"); `audiences` sets it per operation. */
  audience: Audience<unknown>;
  audiences?: Partial<Record<GeneratedName, Audience<unknown>>>;
  /** The records are patient data: reads by callers with a token are written to the read log. */
  readsPatientData?: boolean;
  /** With readsPatientData: how a record names its patient (src/operations/reads.ts), for the read log of getById and the list. */
  patientOf?: PatientLink<ResourceRecord<T, I>>;
  table: T;
  /** How a record is named in errors (default: `<table> record`). */
  noun?: string;
  /** `organization`: every record carries organizationId and is reached only through it. */
  scope: 'organization' | 'platform';
  fields: FieldsOf<T, I>;
  /** Columns kept on the row for the service's own bookkeeping: never in a record, never input. */
  internal?: readonly I[];
  /** Fields given on create only: not in the update input (a value sent is ignored like any unknown field). */
  createOnly?: readonly FieldName<T>[];
  /** The client may send createdAt / updatedAt (imports, back-fills); otherwise the server sets them. */
  clientTimestamps?: boolean;
  /** Name of the paged list operation; `false` for none. */
  listName?: string | false;
  /** Operations to generate (default all five). */
  generate?: readonly GeneratedName[];
  /**
   * Derives fields and checks invariants on the full record about to be written (create and update).
   * `current` is the record as stored before an update (undefined on create), so that a check can
   * run only when what it checks has changed.
   */
  prepare?: (record: ResourceRecord<T, I>, ctx: Context, current?: ResourceRecord<T, I>) => ResourceRecord<T, I> | Promise<ResourceRecord<T, I>>;
  /** Fields the paged list filters on by equality, each through an input of its own name; omitted or null = no filter. */
  listFilters?: readonly FieldName<T>[];
  /**
   * List filters that name another record of the organization, with how to find it: an id it has
   * no record of is NOT_FOUND, never an empty page (docs/contract.md, "Referenced records").
   */
  listReferences?: Partial<Record<FieldName<T>, ListReference>>;
  /** Columns that a `search` input of the paged list matches (contains, case-insensitive); blank = no search. */
  listSearch?: readonly FieldName<T>[];
  /** How the generated operations answer a record (derived extension fields); the repository's records stay as stored. */
  present?: (record: ResourceRecord<T, I>, ctx: Context) => ResourceRecord<T, I> | Record<string, unknown>;
  /**
   * Runs after the repository inserts or patches a record, with the record as stored, in the same
   * transaction: to keep a table derived from the records (an index of their words) in step.
   */
  afterWrite?: (db: Db, record: ResourceRecord<T, I>) => Promise<void>;
  /** Runs before delete with the record as stored, e.g. to refuse with INVALID_STATE while others refer to it. */
  beforeDelete?: (ctx: Context, record: ResourceRecord<T, I>) => Promise<void>;
}

/** A record a list filter names: what it is called in NOT_FOUND, and a look-up by id in the organization. */
export interface ListReference {
  noun: string;
  find(db: Db, organizationId: string, id: string): Promise<unknown>;
}

/** Narrows a paged list: `equals` field values (record representation), `search` text in the listSearch columns. */
export interface ListWhere<T extends TableName, I extends FieldName<T> = never> {
  equals?: Partial<ResourceRecord<T, I>>;
  search?: string | undefined;
}
