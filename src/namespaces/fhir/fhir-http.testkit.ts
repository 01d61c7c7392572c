/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- it reads FHIR answers as untyped JSON, as the tests do (eslint.config.js) */
import assert from 'node:assert/strict';
import type { TestApp } from '../../../test/harness.ts';
import { assertValidFhir } from './fhir-validator.testkit.ts';

/** Calls of /fhir/R4 for the type tests: every answer is checked as FHIR R4 before a test reads it. */

// Tests read into FHIR answers freely; each is validated as FHIR R4 first.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface FhirAnswer {
  status: number;
  body: Json;
  headers: Record<string, unknown>;
}

export interface FhirCall {
  token?: string;
  organizationId?: string;
  headers?: Record<string, string>;
  /** a form body (POST _search), sent as application/x-www-form-urlencoded */
  form?: string;
  /** a JSON body, sent as application/fhir+json unless headers say otherwise */
  json?: unknown;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The request of a /fhir/R4 call (a path under it, or a whole URL the service answered), for app.inject. */
export function fhirRequest(method: Method, url: string, options: FhirCall = {}) {
  return {
    method,
    url: url.startsWith('http') ? new URL(url).pathname + new URL(url).search : `/fhir/R4${url}`,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.organizationId ? { 'x-organization-id': options.organizationId } : {}),
      ...(options.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(options.json !== undefined ? { 'content-type': 'application/fhir+json' } : {}),
      ...options.headers,
    },
    ...(options.form !== undefined ? { payload: options.form } : {}),
    ...(options.json !== undefined ? { payload: JSON.stringify(options.json) } : {}),
  };
}

export async function fhir(t: TestApp, method: Method, url: string, options: FhirCall = {}): Promise<FhirAnswer> {
  const response = await t.app.inject(fhirRequest(method, url, options));
  assert.equal(response.headers['content-type'], 'application/fhir+json; charset=utf-8', `${method} ${url}: ${response.body}`);
  const body: Json = JSON.parse(response.body);
  assertValidFhir(body);
  return { status: response.statusCode, body, headers: response.headers };
}

/** A search that must succeed: its Bundle. */
export async function searchset(t: TestApp, url: string, as: FhirCall): Promise<Json> {
  const answer = await fhir(t, 'GET', url, as);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.equal(answer.body.type, 'searchset');
  return answer.body;
}

export function assertOutcome(answer: FhirAnswer, status: number, pattern?: RegExp): void {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.equal(answer.body.resourceType, 'OperationOutcome');
  if (pattern) assert.match(JSON.stringify(answer.body.issue), pattern);
}

/** The ids of a Bundle's entries of one search mode, sorted. */
export const idsOf = (bundle: Json, mode: 'match' | 'include' = 'match'): string[] =>
  (bundle.entry ?? [])
    .filter((entry: Json) => entry.search.mode === mode)
    .map((entry: Json) => entry.resource.id)
    .sort();

/** The ids of a Bundle's entries, in order. */
export const ids = (bundle: Json): string[] => (bundle.entry ?? []).map((entry: Json) => entry.resource.id);

export const sorted = (...ids: string[]): string[] => [...ids].sort();

/** A search followed by its next links to the end: the ids of every page in order, and each page's total. */
export async function allPages(t: TestApp, url: string, as: FhirCall): Promise<{ ids: string[]; pages: number; totals: number[] }> {
  const seen: string[] = [];
  const totals: number[] = [];
  let next: string | undefined = url;
  let pages = 0;
  while (next) {
    const bundle = await searchset(t, next, as);
    seen.push(...ids(bundle));
    totals.push(bundle.total as number);
    next = bundle.link.find((link: Json) => link.relation === 'next')?.url;
    pages++;
  }
  return { ids: seen, pages, totals };
}
