import type { Db } from '../db/database.ts';

/**
 * How an operation that reads patient data names the patients of its answer (docs/access.md,
 * "The read log"): declared beside `readsPatientData`, never guessed from the answer's shape.
 */

/** One record of an answer as the read log keeps it. */
export interface ReadRecord {
  id: string | null;
  /** null: the organization the call concerned */
  organizationId: string | null;
  /** the patient the record is of (null: of none, or not known until `via` is resolved) */
  patientId: string | null;
  /** a key the declaration's `resolve` turns into the patient (a lab order's id, an appointment's id) */
  via?: string | null;
}

/** Finds the patients of `via` keys (key -> patient id); run by the read log when it writes a batch, off the request path. */
export type PatientResolver = (db: Db, keys: readonly string[]) => Promise<ReadonlyMap<string, string>>;

/** An answer read as it is sent (an export): it hands its records to the log in batches while it is read. */
export interface StreamedReads {
  onRecords(record: (records: ReadRecord[]) => void): void;
}

export interface Reads<R> {
  /** The answer's records with their patients. Runs when the read is queued: no query, no await. */
  records(result: R): ReadRecord[] | StreamedReads;
  resolve?: PatientResolver;
}

/** How one record names its patient: a field of its own ... */
export type PatientOf<T> = (record: T) => string | null | undefined;

/** ... or a key (`via`) that `resolve` turns into the patient, off the request path. */
export interface PatientVia<T> {
  via: PatientOf<T>;
  resolve: PatientResolver;
}

export type PatientLink<T> = PatientOf<T> | PatientVia<T>;

interface Identified {
  id: string;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The ReadRecord of one record. */
export function readRecord<T>(record: T & Identified, link: PatientLink<T>): ReadRecord {
  const organizationId = text((record as { organizationId?: unknown }).organizationId);
  if (typeof link === 'function') return { id: record.id, organizationId, patientId: text(link(record)) };
  return { id: record.id, organizationId, patientId: null, via: text(link.via(record)) };
}

const resolverOf = <T>(link: PatientLink<T>) => (typeof link === 'function' ? {} : { resolve: link.resolve });

/** A patients record is its own patient. */
export const isPatient = (record: Identified): string => record.id;
/** Most records carry their patient as `patientId`. */
export const byPatientId = (record: { patientId: string | null }): string | null => record.patientId;

/** `{ item }`. */
export function itemReads<T>(link: PatientOf<T>): Reads<{ item: T & Identified }>;
export function itemReads<T>(link: PatientVia<T>): Reads<{ item: T & Identified }>;
export function itemReads<T>(link: PatientLink<T>): Reads<{ item: T & Identified }>;
export function itemReads<T>(link: PatientLink<T>): Reads<{ item: T & Identified }> {
  return { records: (result) => [readRecord(result.item, link)], ...resolverOf(link) };
}

/** `{ items }`: a page or a plain list. */
export function itemsReads<T>(link: PatientOf<T>): Reads<{ items: readonly (T & Identified)[] }>;
export function itemsReads<T>(link: PatientVia<T>): Reads<{ items: readonly (T & Identified)[] }>;
export function itemsReads<T>(link: PatientLink<T>): Reads<{ items: readonly (T & Identified)[] }>;
export function itemsReads<T>(link: PatientLink<T>): Reads<{ items: readonly (T & Identified)[] }> {
  return { records: (result) => result.items.map((record) => readRecord(record, link)), ...resolverOf(link) };
}
