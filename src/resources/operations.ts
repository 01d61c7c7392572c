import { defineOperation, type Context, type Operation } from '../operations/operation.ts';
import { itemReads, itemsReads, type PatientLink, type Reads } from '../operations/reads.ts';
import { deletedResult, itemResult, pageResult, deletedAnswer } from '../values/results.ts';
import type { Repository } from './repository.ts';
import type { ResourceSchemas } from './schemas.ts';
import type { GeneratedName, ListReference, ListWhere, ResourceRecord, ResourceSpec, TableName, FieldName } from './spec.ts';
import { notFound } from '../values/errors.ts';

const ALL: readonly GeneratedName[] = ['create', 'getById', 'update', 'delete', 'list'];

type WriteName = 'create' | 'update' | 'delete';

/**
 * What a resource's create, update and delete declare: namespace, name, audience, summary, a write
 * in one transaction, input and output. The generated operations are these with their handlers; a
 * hand-written one spreads its declaration and overrides what differs (summary, audience, output).
 */
export function declarationsOf<T extends TableName, I extends FieldName<T> = never>(spec: ResourceSpec<T, I>, schemas: ResourceSchemas<T, I>) {
  const namespace = spec.namespace;
  const noun = spec.noun ?? `${spec.table} record`;
  const access = (name: WriteName) => ({ namespace, name, audience: spec.audiences?.[name] ?? spec.audience, writes: true });
  const item = itemResult(schemas.record);
  return {
    create: { ...access('create'), summary: `Create a ${noun}`, input: schemas.create, output: item },
    update: { ...access('update'), summary: `Change a ${noun} (omitted fields stay, null clears)`, input: schemas.update, output: item },
    delete: { ...access('delete'), summary: `Delete a ${noun}`, input: schemas.key, output: deletedResult },
  };
}

export type Declarations<T extends TableName, I extends FieldName<T> = never> = ReturnType<typeof declarationsOf<T, I>>;

/** The generated create / getById / update / delete / list operations of a resource. */
export function operationsOf<T extends TableName, I extends FieldName<T> = never>(spec: ResourceSpec<T, I>, schemas: ResourceSchemas<T, I>, repo: Repository<T, I>, declared: Declarations<T, I>): Operation[] {
  const generate = new Set(spec.generate ?? ALL);
  const namespace = spec.namespace;
  const readAccess = (name: 'getById' | 'list', summary: string) => ({ audience: spec.audiences?.[name] ?? spec.audience, summary, readsPatientData: spec.readsPatientData ?? false });
  const patientOf = spec.patientOf as PatientLink<ResourceRecord<T, I> & { id: string }> | undefined;
  // The generated record schema names no type (it is built from data): the reads read the records as the repository holds them.
  const recordReads: Reads<unknown> | undefined = patientOf && itemReads(patientOf);
  const pageReads: Reads<unknown> | undefined = patientOf && itemsReads(patientOf);
  const item = declared.create.output;
  const noun = spec.noun ?? `${spec.table} record`;
  const listName = spec.listName ?? (spec.scope === 'organization' ? 'listByOrganization' : 'list');
  const present = (record: ResourceRecord<T, I>, ctx: Context) => (spec.present ? spec.present(record, ctx) : record);

  const generated: Record<GeneratedName, () => Operation | undefined> = {
    create: () =>
      defineOperation({
        ...declared.create,
        async handler(ctx, input) {
          return { item: present(await repo.insert(ctx.db, await repo.build(ctx, input)), ctx) };
        },
      }),
    getById: () =>
      defineOperation({
        namespace, name: 'getById', ...readAccess('getById', `Read a ${noun} by its id`), ...(recordReads && { reads: recordReads }), input: schemas.key, output: item,
        async handler(ctx, input) {
          return { item: present(await repo.get(ctx.db, input.organizationId, input.id), ctx) };
        },
      }),
    update: () =>
      defineOperation({
        ...declared.update,
        async handler(ctx, input) {
          const current = await repo.get(ctx.db, input.organizationId, input.id);
          const { changes } = await repo.merge(ctx, current, input);
          return { item: present(await repo.patch(ctx.db, input.organizationId, input.id, changes), ctx) };
        },
      }),
    delete: () =>
      defineOperation({
        ...declared.delete,
        async handler(ctx, input) {
          if (spec.beforeDelete) await spec.beforeDelete(ctx, await repo.get(ctx.db, input.organizationId, input.id));
          await repo.remove(ctx.db, input.organizationId, input.id);
          return deletedAnswer(input.id);
        },
      }),
    list: () =>
      listName
        ? defineOperation({
            namespace, name: listName, ...readAccess('list', `A page of ${noun}s${spec.listSearch?.length ? ', filtered and searched' : ''}`), ...(pageReads && { reads: pageReads }), input: schemas.list, output: pageResult(schemas.record),
            async handler(ctx, input) {
              const given = input as Record<string, unknown>;
              const equals: Record<string, unknown> = {};
              for (const name of spec.listFilters ?? []) {
                if (given[name] !== undefined && given[name] !== null) equals[name] = given[name];
              }
              await knownReferences(ctx, spec.listReferences, input.organizationId, equals);
              const where: ListWhere<T, I> = { equals: equals as Partial<ResourceRecord<T, I>>, search: input.search ?? undefined };
              const page = await repo.page(ctx.db, input.organizationId, input.page, input.pageSize, where, ctx.config.pageBudgetBytes);
              return spec.present ? { ...page, items: page.items.map((record) => present(record, ctx)) } : page;
            },
          })
        : undefined,
  };
  return ALL.filter((name) => generate.has(name)).flatMap((name) => generated[name]() ?? []);
}

/** Each filter value that names another record is one of the organization's (ListReference). */
async function knownReferences(ctx: Context, references: Partial<Record<string, ListReference>> | undefined, organizationId: string | undefined, equals: Record<string, unknown>): Promise<void> {
  if (!references || organizationId === undefined) return;
  for (const [name, value] of Object.entries(equals)) {
    const reference = references[name];
    if (reference && typeof value === 'string' && !(await reference.find(ctx.db, organizationId, value))) throw notFound(reference.noun);
  }
}
