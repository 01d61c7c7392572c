import { z } from 'zod';
import { id } from '../../../values/fields.ts';
import { AppError, validationFailed } from '../../../values/errors.ts';
import { isExportable, TYPE_NAMES, typesAt } from './bulk.types.ts';

/** A parameter as a query gives it: once, or a list when it is given more than once. */
const param = () => z.union([z.string().max(2000), z.array(z.string().max(2000)).max(20)]).optional();

/** The output formats the IG names for NDJSON; all are written as application/fhir+ndjson. */
export const OUTPUT_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'];

/** Parameters of the IG this server does not serve: refused, as the IG lets a server do. */
const NOT_SERVED = ['_elements', 'patient', 'includeAssociatedData', 'organizeOutputBy', 'allowPartialManifests'] as const;

/**
 * The kick-off's data (docs/fhir.md, "Bulk Data export"): the organization, the level the route
 * was called at, and the query's parameters as the IG names them.
 */
export const kickOffInput = z.object({
  organizationId: id(),
  level: z.enum(['system', 'patient', 'group']).default('system'),
  /** Group/{id}/$export: the group's id */
  groupId: id().optional(),
  /** the kick-off's path and query, for the manifest's `request` (the FHIR route gives it) */
  request: z.string().max(4000).optional(),
  _outputFormat: param(),
  _type: param(),
  _since: param(),
  _typeFilter: param(),
  _elements: param(),
  patient: param(),
  includeAssociatedData: param(),
  organizeOutputBy: param(),
  allowPartialManifests: param(),
});

type KickOffInput = z.output<typeof kickOffInput>;

/** One value of a parameter given once; VALIDATION_FAILED when given twice. */
function single(name: string, value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) {
    if (value.length > 1) throw validationFailed(name, 'may be given once');
    return value[0];
  }
  return value;
}

/**
 * The types to write: those `_type` names (each exported at the level, and one the caller may
 * export: `mayExport`, else 403), else every type of the level the caller may export.
 */
export function typesOf(input: KickOffInput, mayExport: (type: string) => boolean): string[] {
  const atLevel = typesAt(input.level).map((type) => type.type);
  const given = input._type === undefined ? [] : (Array.isArray(input._type) ? input._type : [input._type]).flatMap((list) => list.split(','));
  const asked = [...new Set(given.map((type) => type.trim()).filter((type) => type !== ''))];
  if (asked.length === 0) return atLevel.filter(mayExport);
  for (const type of asked) {
    if (!isExportable(type)) throw validationFailed('_type', `${type} is not exported: the types are ${TYPE_NAMES.join(', ')}`);
    if (!atLevel.includes(type)) throw validationFailed('_type', `${type} is not in the Patient compartment: ${input.level} level exports ${atLevel.join(', ')}`);
    if (!mayExport(type)) throw new AppError('FORBIDDEN', `${type} is not exported to this caller: its roles do not search it`);
  }
  // Written in the list's order, whatever the order asked.
  return atLevel.filter((type) => asked.includes(type));
}

/** An instant as FHIR writes it: a date, a time with seconds, and a zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** `_since` as unix ms, or null. */
export function sinceOf(input: KickOffInput): number | null {
  const text = single('_since', input._since)?.trim();
  if (text === undefined || text === '') return null;
  const at = INSTANT.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) throw validationFailed('_since', 'must be a FHIR instant, e.g. 2030-01-31T09:00:00Z');
  return at;
}

/** Refuses an output format other than NDJSON, and the IG's parameters not served. */
export function refuseUnserved(input: KickOffInput): void {
  const format = single('_outputFormat', input._outputFormat)?.trim();
  if (format !== undefined && !OUTPUT_FORMATS.includes(format)) throw validationFailed('_outputFormat', `not supported: only ${OUTPUT_FORMATS.join(', ')}`);
  const unserved = NOT_SERVED.find((name) => input[name] !== undefined);
  if (unserved) throw validationFailed(unserved, `${unserved} is not supported by this server`);
}
