import assert from 'node:assert/strict';
import type { TestApp } from '../../../test/harness.ts';
import { assertValidFhir } from './fhir-validator.testkit.ts';

/** FHIR calls through HTTP for the tests of /fhir/R4: every answer is checked to be FHIR JSON and validated as FHIR R4. */

/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return --
   a test kit: tests read into FHIR answers freely, as in *.test.ts; each is validated as FHIR R4 first. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface FhirAnswer {
  status: number;
  body: Json;
  headers: Record<string, unknown>;
}

export interface FhirCallOptions {
  token?: string;
  organizationId?: string;
  headers?: Record<string, string>;
  /** a JSON body, sent as application/fhir+json unless headers say otherwise */
  json?: unknown;
}

export async function fhir(t: TestApp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, options: FhirCallOptions = {}): Promise<FhirAnswer> {
  const response = await t.app.inject({
    method,
    url: url.startsWith('http') ? new URL(url).pathname + new URL(url).search : `/fhir/R4${url}`,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.organizationId ? { 'x-organization-id': options.organizationId } : {}),
      ...(options.json !== undefined ? { 'content-type': 'application/fhir+json' } : {}),
      ...options.headers,
    },
    ...(options.json !== undefined ? { payload: JSON.stringify(options.json) } : {}),
  });
  assert.equal(response.headers['content-type'], 'application/fhir+json; charset=utf-8', `${method} ${url}: ${response.body}`);
  const body: Json = JSON.parse(response.body);
  assertValidFhir(body);
  return { status: response.statusCode, body, headers: response.headers };
}

export function assertOutcome(answer: FhirAnswer, status: number, pattern?: RegExp): void {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.equal(answer.body.resourceType, 'OperationOutcome');
  if (pattern) assert.match(JSON.stringify(answer.body.issue), pattern);
}

/** The ids of a Bundle's entries, in order. */
export const ids = (bundle: Json): string[] => (bundle.entry ?? []).map((entry: Json) => entry.resource.id);
