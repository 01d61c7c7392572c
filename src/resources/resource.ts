import { declarationsOf, operationsOf } from './operations.ts';
import { repositoryOf } from './repository.ts';
import { schemasOf } from './schemas.ts';
import type { FieldName, ResourceSpec, TableName } from './spec.ts';

export type { FieldKind, FieldSpec } from './kinds.ts';
export type { Repository } from './repository.ts';
export type { ResourceSchemas } from './schemas.ts';
export type { GeneratedName, ListWhere, ResourceInput, ResourceRecord, ResourceSpec } from './spec.ts';

export type Row = Record<string, unknown>;

/**
 * A plain resource described once as data: its schemas, its repository (records typed from the
 * table's row type) and its generated create / getById / update / delete / list operations, which
 * hand-written operations complement with the same repository.
 */
export function defineResource<T extends TableName, const I extends FieldName<T> = never>(spec: ResourceSpec<T, I>) {
  const schemas = schemasOf(spec);
  const repo = repositoryOf(spec);
  const declared = declarationsOf(spec, schemas);
  return { spec, schemas, repo, declared, operations: operationsOf(spec, schemas, repo, declared) };
}
