/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument -- it reads FHIR answers and manifests as untyped JSON, as the tests do (eslint.config.js) */
import assert from 'node:assert/strict';
import type { TestApp } from '../../../../test/harness.ts';
import { JobRunner } from '../../../background/runner.ts';
import { createServices } from '../../../providers/index.ts';
import { fhirRequest, type FhirCall } from '../fhir-http.testkit.ts';
import { assertValidFhir } from '../fhir-validator.testkit.ts';
import { bulkExportJob, type BulkJobOptions } from './bulk.job.ts';

/** Calls of the Bulk Data endpoints for the export tests, through HTTP: every FHIR answer and every line of a file is validated as FHIR R4. */

// Tests read into FHIR answers and manifests freely; every resource is validated as FHIR R4 first.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** The job runner's clock: runs are due as it moves on (a test moves it on further to let a lease run out). */
export const clock = { at: Date.now() };

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  text: string;
  body: Json;
}

/** A call of /fhir/R4 whose answer may be FHIR JSON (validated), a manifest (JSON), a file (NDJSON) or empty. */
export async function http(t: TestApp, method: 'GET' | 'DELETE', url: string, options: FhirCall = {}): Promise<Answer> {
  const response = await t.app.inject(fhirRequest(method, url, options));
  const type = String(response.headers['content-type'] ?? '');
  let body: Json;
  if (type.startsWith('application/fhir+json')) {
    body = JSON.parse(response.body);
    assertValidFhir(body);
  } else if (type.startsWith('application/json')) body = JSON.parse(response.body);
  return { status: response.statusCode, headers: response.headers, text: response.body, body };
}

export const kickOff = (t: TestApp, path: string, who: { token?: string; organizationId?: string }, headers: Record<string, string> = {}) =>
  http(t, 'GET', path, { ...who, headers: { prefer: 'respond-async', accept: 'application/fhir+json', ...headers } });

export function assertOutcome(answer: Answer, status: number, pattern?: RegExp): void {
  assert.equal(answer.status, status, answer.text);
  assert.equal(answer.body?.resourceType, 'OperationOutcome', answer.text);
  if (pattern) assert.match(JSON.stringify(answer.body.issue), pattern);
}

/** One pass of the job runner over the bulk export job, its clock moved past the job's interval. */
export async function runJob(t: TestApp, options: Partial<BulkJobOptions> = {}): Promise<void> {
  clock.at += 60_000;
  const runner = new JobRunner({ database: t.database, config: t.config, services: createServices(t.config, t.app.log), log: t.app.log, jobs: [bulkExportJob(options)], now: () => clock.at });
  assert.deepEqual(await runner.runDue(), ['fhir.bulkExport']);
}

/** Runs the job until the export's status is no longer 202; answers that status. */
export async function runToEnd(t: TestApp, statusUrl: string, token: string, options: Partial<BulkJobOptions> = {}): Promise<Answer> {
  for (let pass = 0; pass < 100; pass++) {
    await runJob(t, options);
    const status = await http(t, 'GET', statusUrl, { token });
    if (status.status !== 202) return status;
  }
  throw new Error('the export did not end');
}

/** Every line of a file, parsed and validated as FHIR R4. */
export async function download(t: TestApp, url: string, token: string): Promise<Json[]> {
  const file = await http(t, 'GET', url, { token, headers: { accept: 'application/fhir+ndjson' } });
  assert.equal(file.status, 200, file.text);
  assert.equal(file.headers['content-type'], 'application/fhir+ndjson');
  const lines = file.text.split('\n');
  assert.equal(lines.pop(), '', 'every line ends with a newline');
  return lines.map((line) => {
    const resource = JSON.parse(line);
    assertValidFhir(resource);
    return resource;
  });
}

/** The files of a manifest, by type. */
export async function filesOf(t: TestApp, manifest: Json, token: string): Promise<Record<string, Json[]>> {
  const files: Record<string, Json[]> = {};
  for (const output of manifest.output) files[output.type] = await download(t, output.url, token);
  return files;
}
