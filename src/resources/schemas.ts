import { z } from 'zod';
import { id, paging, ts } from '../values/fields.ts';
import { out } from '../values/results.ts';
import { resultSchemaOf, schemaOf, type FieldSpec } from './kinds.ts';
import type { ResourceInput, ResourceRecord, ResourceSpec, TableName, FieldName } from './spec.ts';

type OrganizationKey = { organizationId?: string };

export interface ResourceSchemas<T extends TableName, I extends FieldName<T> = never> {
  create: z.ZodType<ResourceInput<T, I> & OrganizationKey>;
  update: z.ZodType<ResourceInput<T, I> & { id: string } & OrganizationKey>;
  key: z.ZodType<{ id: string } & OrganizationKey>;
  list: z.ZodType<ResourceInput<T, I> & OrganizationKey & { page: number; pageSize: number; search?: string | null }>;
  /** A record as operations answer it: the described fields (null unless required), its id, organization and times. */
  record: z.ZodType;
  /** The fields' own input schemas, for a hand-written input that takes some of the resource's fields beside its own. */
  fields: FieldInputs<T, I>;
}

type Described<T extends TableName, I extends FieldName<T>> = Exclude<FieldName<T>, I>;
type ValueOf<T extends TableName, I extends FieldName<T>, K> = ResourceRecord<T, I>[K & keyof ResourceRecord<T, I>];

export interface FieldInputs<T extends TableName, I extends FieldName<T> = never> {
  /** The fields as their schemas check them: present and not null. */
  required<const K extends Described<T, I>>(...names: K[]): { [P in K]: z.ZodType<ValueOf<T, I, P>> };
  /** The fields as the generated update takes a required one: omitted allowed, never null. */
  optional<const K extends Described<T, I>>(...names: K[]): { [P in K]: z.ZodType<ValueOf<T, I, P> | undefined> };
  /** The fields as the generated create takes an optional one: omitted or null allowed. */
  nullish<const K extends Described<T, I>>(...names: K[]): { [P in K]: z.ZodType<ValueOf<T, I, P> | null | undefined> };
}

/**
 * A schema built from a resource's fields: zod cannot infer a shape assembled from data, so the
 * type the fields describe (ResourceInput, ResourceRecord: one per table) is asserted here, once.
 */
const typedAs = <T>(schema: z.ZodType): z.ZodType<T> => schema as z.ZodType<T>;

/** The input schemas of a resource's generated operations, from its fields. */
export function schemasOf<T extends TableName, I extends FieldName<T> = never>(spec: ResourceSpec<T, I>): ResourceSchemas<T, I> {
  const described: Record<string, FieldSpec> = spec.fields;
  const fields = Object.entries(described);
  const fieldSchema = (name: string) => {
    const field = described[name];
    if (!field) throw new Error(`${spec.table} has no field ${name}`);
    return field.schema ?? schemaOf(field.kind);
  };
  // A shape of the named fields' schemas: the types the fields describe (FieldInputs), asserted once as `typedAs` does.
  const shapeOf = <S>(names: readonly string[], schema: (name: string) => z.ZodType) => Object.fromEntries(names.map((name) => [name, schema(name)])) as S;
  const timestampShape: Record<string, z.ZodType> = spec.clientTimestamps ? { createdAt: ts().nullish(), updatedAt: ts().nullish() } : {};
  const orgShape: Record<string, z.ZodType> = spec.scope === 'organization' ? { organizationId: id() } : {};

  const createShape: Record<string, z.ZodType> = { ...orgShape, ...timestampShape };
  const updateShape: Record<string, z.ZodType> = { id: id(), ...orgShape, ...timestampShape };
  const createOnly = new Set<string>(spec.createOnly ?? []);
  for (const [name, field] of fields) {
    createShape[name] = field.required ? fieldSchema(name) : fieldSchema(name).nullish();
    if (!createOnly.has(name)) updateShape[name] = field.required ? fieldSchema(name).optional() : fieldSchema(name).nullish();
  }
  const listShape: Record<string, z.ZodType> = { ...orgShape, ...paging };
  for (const name of spec.listFilters ?? []) listShape[name] = fieldSchema(name).nullish();
  if (spec.listSearch?.length) listShape.search = z.string().trim().max(200).nullish();
  const recordShape: Record<string, z.ZodType> = { id: out.id(), ...(spec.scope === 'organization' ? { organizationId: out.id() } : {}) };
  for (const [name, field] of fields) {
    // A JSON field holds what its own schema let in (an object or a list): that schema describes it.
    const answered = field.kind === 'json' && field.schema ? field.schema : resultSchemaOf(field.kind);
    recordShape[name] = field.required && !field.nullInRecords ? answered : answered.nullable();
  }
  recordShape.createdAt = out.ts();
  recordShape.updatedAt = out.ts();
  return {
    create: typedAs(z.object(createShape)),
    update: typedAs(z.object(updateShape)),
    key: z.object({ id: id(), ...orgShape }),
    list: typedAs(z.object(listShape)),
    record: out.record(recordShape).meta({ title: spec.noun ?? spec.table }),
    fields: {
      required: (...names) => shapeOf(names, fieldSchema),
      optional: (...names) => shapeOf(names, (name) => fieldSchema(name).optional()),
      nullish: (...names) => shapeOf(names, (name) => fieldSchema(name).nullish()),
    },
  };
}
