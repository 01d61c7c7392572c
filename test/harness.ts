import { after, before, describe } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle, type Dialect } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { allOperations } from '../src/namespaces/index.ts';
import type { Operation } from '../src/operations/operation.ts';
import type { Services } from '../src/provider-interfaces.ts';
import { migratedPostgresDatabase } from './pg-template.ts';

export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestAppOptions {
  env?: Record<string, string>;
  services?: Partial<Services>;
  extraOperations?: Operation[];
  /** An opened, migrated database to serve instead of a fresh one; closing the app leaves it open. */
  database?: DatabaseHandle;
}

export interface CallOptions {
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  statusCode: number;
  body: {
    status: 'ok' | 'error';
    // Tests read into results freely; the shape is asserted, not typed.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    data: any;
    error: { code: string; message: string; details?: { path: string; message: string }[]; requestId?: string };
  };
  headers: LightMyRequestResponse['headers'];
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  dialect: Dialect;
  /** PostgreSQL: the suite's own database, for a second connection pool or process */
  databaseUrl: string | undefined;
  call(namespace: string, apiName: string, data?: unknown, options?: CallOptions): Promise<ApiResponse>;
  close(): Promise<void>;
}

export async function createTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  let database: DatabaseHandle;
  let closeDatabase = () => database.close();
  if (options.database) {
    database = options.database;
    closeDatabase = async () => {};
  } else if (dialect === 'sqlite') {
    database = openDatabase('sqlite::memory:');
    await migrateToLatest(database.db);
  } else {
    const fresh = await migratedPostgresDatabase();
    databaseUrl = fresh.url;
    database = openDatabase(fresh.url, { poolSize: 60 });
    dropDatabase = fresh.drop;
  }
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...options.env });
  const app = await buildApp({
    config,
    database,
    ...(options.services ? { services: options.services } : {}),
    ...(options.extraOperations ? { extraOperations: options.extraOperations } : {}),
  });
  await app.ready();
  const operations = new Map([...allOperations, ...(options.extraOperations ?? [])].map((op) => [`${op.namespace}.${op.name}`, op]));

  return {
    app,
    database,
    config,
    dialect,
    databaseUrl,
    async call(namespace, apiName, data = {}, callOptions = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...callOptions.headers };
      if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
      const response = await app.inject({
        method: 'POST',
        url: '/api',
        headers,
        payload: JSON.stringify({ namespace, apiName, data }),
        remoteAddress: callOptions.ip ?? '127.0.0.1',
      });
      const body = response.json();
      if (response.statusCode === 200) assertDeclaredResult(operations, namespace, apiName, body.data);
      return { statusCode: response.statusCode, body, headers: response.headers };
    },
    async close() {
      await app.close();
      await closeDatabase();
      await dropDatabase();
    },
  };
}

/**
 * Every answer a test gets is checked against the result schema its operation declares, so that
 * the schemas (in /openapi.json and the typed client) cannot drift from what is answered.
 */
export function assertDeclaredResult(operations: ReadonlyMap<string, Operation>, namespace: string, apiName: string, data: unknown): void {
  const output = operations.get(`${namespace}.${apiName}`)?.output;
  if (!output) return;
  const checked = output.safeParse(data);
  if (!checked.success) {
    throw new Error(`${namespace}.${apiName} answered what its result schema does not describe:\n${checked.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
}

/**
 * Runs a suite once per dialect with one fresh migrated database for the suite.
 * `t()` gives the suite's app (set up in `before`).
 */
export function describeEachDialect(name: string, body: (t: () => TestApp) => void, options: TestAppOptions = {}): void {
  for (const dialect of dialects) {
    void describe(`${name} [${dialect}]`, () => {
      let testApp: TestApp | undefined;
      before(async () => {
        testApp = await createTestApp(dialect, options);
      });
      after(async () => {
        await testApp?.close();
      });
      body(() => testApp!);
    });
  }
}

/** Asserts a success envelope and returns its data. */
export function ok(response: ApiResponse): ApiResponse['body']['data'] {
  if (response.statusCode !== 200 || response.body.status !== 'ok') {
    throw new Error(`expected ok, got ${response.statusCode} ${JSON.stringify(response.body)}`);
  }
  return response.body.data;
}

/** Asserts an error envelope with the given code and HTTP status. */
export function failsWith(response: ApiResponse, code: string, status: number): ApiResponse['body']['error'] {
  if (response.statusCode !== status || response.body.status !== 'error' || response.body.error.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${response.statusCode} ${JSON.stringify(response.body)}`);
  }
  return response.body.error;
}
