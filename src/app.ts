import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Readable } from 'node:stream';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ReadLog } from './access/read-log.ts';
import { tokenService } from './caller/tokens.ts';
import type { Config } from './config.ts';
import { ping, type DatabaseHandle } from './db/database.ts';
import { setPageBudget } from './db/paged-list.ts';
import { allOperations, allOutboxes, fhirOpenApi, fhirRoutes, smartRoutes } from './namespaces/index.ts';
import { FileAnswer, safeFileName } from './operations/file-answer.ts';
import { knownError } from './rpc/db-errors.ts';
import { Dispatcher, type Call } from './rpc/dispatch.ts';
import { registerMetrics, type MetricsServer } from './rpc/metrics-endpoint.ts';
import { countError } from './telemetry/metrics.ts';
import type { Operation } from './operations/operation.ts';
import { AppError, type ErrorCode } from './values/errors.ts';
import { newId } from './values/ids.ts';
import { buildOpenApi } from './rpc/openapi.ts';
import { Registry } from './rpc/registry.ts';
import { createServices } from './providers/index.ts';
import type { Services } from './provider-interfaces.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Overrides of the providers made from the configuration (tests pass fakes of the clock etc.). */
  services?: Partial<Services>;
  /** Operations served in addition to the interface's (tests use this to reach failure paths). */
  extraOperations?: Operation[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The read log of patient data; `flush()` writes what is queued (tests, tools). */
    readLog: ReadLog;
    /** The metrics' own server, with METRICS_PORT (README "Metrics"); listening once the app is ready. */
    metricsServer: MetricsServer | undefined;
  }
}

const REDACT = ['req.headers.authorization', 'req.headers["x-idp-access-token"]', 'req.headers.cookie'];

/** Builds the HTTP application; never listens (main.ts does, tests use inject()). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  setPageBudget(database.db, config.pageBudgetBytes);
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' } },
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => newId(),
    trustProxy: config.trustProxy,
  });
  const registry = new Registry([...allOperations, ...(deps.extraOperations ?? [])]);
  // The document of the service's own operations is the same for every app of a process (tests build many).
  const openapi = deps.extraOperations?.length ? buildOpenApi(registry, [fhirOpenApi()]) : (ownOpenApi ??= buildOpenApi(registry, [fhirOpenApi()]));
  await registerHttpPolicies(app, config, openapi);
  // JSON only: anything else is 415 UNSUPPORTED_MEDIA_TYPE.
  app.removeContentTypeParser('text/plain');
  const services: Services = { ...createServices(config, app.log), ...deps.services };
  const readLog = new ReadLog(database, app.log);
  const dispatcher = new Dispatcher({ registry, database, config, services, tokens: tokenService(config), readLog });
  app.decorate('readLog', readLog);
  // Reads still queued are written before whoever closes the app closes the database.
  app.addHook('onClose', () => readLog.close());
  app.decorate('metricsServer', registerMetrics(app, config, { database, readLog, outboxes: allOutboxes, now: services.now }));

  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    sendError(new AppError('UNKNOWN_OPERATION', `no route ${request.method} ${request.url}`), request, reply),
  );

  app.post('/api', async (request, reply) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError('BAD_REQUEST', 'the body must be a JSON object { namespace, apiName, data }');
    }
    const { namespace, apiName, data } = body as Record<string, unknown>;
    if (typeof namespace !== 'string' || typeof apiName !== 'string') {
      throw new AppError('BAD_REQUEST', 'namespace and apiName must be strings');
    }
    if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) {
      throw new AppError('BAD_REQUEST', 'data must be an object');
    }
    return reply.send({ status: 'ok', data: envelopeData(registry, { namespace, apiName }, await dispatcher.dispatch(callOf(request, reply, namespace, apiName, data))) });
  });

  // The operations answered as a file (an export, a document) at their own path; the body is their data.
  for (const op of registry.all()) {
    if (!op.streamed) continue;
    app.post(op.streamed.path, async (request, reply) => {
      const data = request.body ?? {};
      if (typeof data !== 'object' || Array.isArray(data)) throw new AppError('BAD_REQUEST', 'the body must be a JSON object');
      const result = await dispatcher.dispatch(callOf(request, reply, op.namespace, op.name, data));
      if (!(result instanceof FileAnswer)) throw new AppError('INTERNAL', `${op.namespace}.${op.name} did not answer a file`);
      void reply
        .headers(result.headers)
        .header('content-type', result.contentType)
        .header('content-disposition', `attachment; filename="${safeFileName(result.fileName)}"`);
      return reply.send(typeof result.body === 'string' || result.body instanceof Uint8Array ? result.body : Readable.from(result.body));
    });
  }

  // The same operations at their own path (body = data), so /docs can describe and try each one.
  app.post<{ Params: { namespace: string; apiName: string } }>('/api/:namespace/:apiName', async (request, reply) => {
    const data = request.body ?? {};
    if (typeof data !== 'object' || Array.isArray(data)) throw new AppError('BAD_REQUEST', 'the body must be a JSON object');
    const { namespace, apiName } = request.params;
    return reply.send({ status: 'ok', data: envelopeData(registry, { namespace, apiName }, await dispatcher.dispatch(callOf(request, reply, namespace, apiName, data))) });
  });

  // FHIR R4 (docs/fhir.md): each interaction is an operation run by the same dispatcher (of the fhir namespace; writes the RPC's own).
  await app.register(
    fhirRoutes((request, reply, apiName, data, namespace = 'fhir') => dispatcher.dispatch({ ...callOf(request, reply, namespace, apiName, data), via: 'fhir' }), {
      db: database.db,
      timeZone: config.timeZone,
    }),
    { prefix: '/fhir/R4' },
  );
  await app.register(smartRoutes({ database, config, now: services.now, resolveHost: services.resolveHost }), { prefix: '/fhir/R4' });

  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    try {
      await ping(database.db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'error', error: { code: 'UNAVAILABLE', message: 'the database is not reachable' } });
    }
  });

  app.get('/openapi.json', async () => openapi);
  return app;
}

/** /openapi.json of allOperations, built once per process: about 100 ms of start-up and 1 MB. */
let ownOpenApi: ReturnType<typeof buildOpenApi> | undefined;

/**
 * The security headers of the API's answers (JSON, never a page to render or frame): OWASP's set
 * for REST services. Answers hold patient data, so nothing may cache them. /docs, a page, gets
 * helmet's full set instead (registerHttpPolicies).
 */
export const API_SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

/**
 * /docs (Swagger UI) under helmet's headers with a Content-Security-Policy that lets it run its own
 * scripts and nothing else; the API's security headers and the request id on every answer, set
 * by one synchronous hook; CORS for the configured origins only.
 */
async function registerHttpPolicies(app: FastifyInstance, config: Config, openapi: ReturnType<typeof buildOpenApi>): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(API_SECURITY_HEADERS).header('x-request-id', request.id);
    done();
  });
  await app.register(swagger, { mode: 'static', specification: { document: openapi as never } });
  // A scope of its own: @fastify/helmet's hooks (its middleware run for every request) serve /docs only.
  await app.register(async (docs) => {
    // A filter box, and every namespace folded at first: appointments.create is one click away.
    await docs.register(swaggerUi, { routePrefix: '/docs', uiConfig: { filter: true, docExpansion: 'none', operationsSorter: 'alpha' } });
    const options: FastifyHelmetOptions = {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'validator.swagger.io'],
          scriptSrc: ["'self'", ...docs.swaggerCSP.script],
          styleSrc: ["'self'", 'https:', ...docs.swaggerCSP.style],
          // The service may be reached over plain HTTP (development, behind a TLS proxy on a LAN):
          // upgrading /docs' own requests to https would break it there.
          upgradeInsecureRequests: null,
        },
      },
    };
    // helmet sets its headers on the raw response: the API's, set on the reply, would win.
    docs.addHook('onRequest', (_request, reply, done) => {
      for (const name of Object.keys(API_SECURITY_HEADERS)) reply.removeHeader(name);
      done();
    });
    await docs.register(helmet, options);
  });
  if (config.corsOrigins.length === 0) {
    // No browser app is allowed: a preflight is answered without allowing anything, and no CORS
    // work is done for the other requests (the browser refuses without Access-Control-Allow-Origin).
    app.options('*', (_request, reply) => reply.code(204).send());
    return;
  }
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST'],
    allowedHeaders: ['authorization', 'content-type', 'x-request-id', 'x-idp-access-token'],
    exposedHeaders: ['x-request-id', 'retry-after', 'idempotent-replayed', 'x-unknown-fields', 'preference-applied'],
    maxAge: 600,
  });
}

/** What an operation answered, for the envelope; a file is served by its operation's own path only. */
function envelopeData(registry: Registry, call: { namespace: string; apiName: string }, result: unknown): unknown {
  if (result instanceof FileAnswer) {
    const path = registry.find(call.namespace, call.apiName)?.streamed?.path ?? 'its own path';
    throw new AppError('BAD_REQUEST', `${call.namespace}.${call.apiName} answers a file: call POST ${path} with the same data`);
  }
  return result;
}

function callOf(request: FastifyRequest, reply: FastifyReply, namespace: string, apiName: string, data: unknown): Call {
  const header = (name: string, value: string) => void reply.header(name, value);
  return { namespace, apiName, data: data ?? {}, headers: request.headers, ip: request.ip, requestId: request.id, log: request.log, header };
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  countError(appError.code);
  if (appError.code === 'INTERNAL') {
    request.log.error({ err: error }, 'unexpected error');
  } else if (appError.code === 'UNAVAILABLE') {
    request.log.warn({ reason: (error as Error).message }, 'database not reachable');
  }
  if (appError.retryAfterSeconds !== undefined) void reply.header('retry-after', String(appError.retryAfterSeconds));
  return reply.code(appError.status).send({
    status: 'error',
    error: {
      code: appError.code,
      message: appError.message,
      ...(appError.details ? { details: appError.details } : {}),
      ...(appError.code === 'INTERNAL' ? { requestId: request.id } : {}),
    },
  });
}

const FRAMEWORK_CODES: Record<number, ErrorCode> = { 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' };

function toAppError(error: unknown): AppError {
  const known = knownError(error);
  if (known) return known;
  // Errors the framework raised before our handler ran: body parsing, media type, size.
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = FRAMEWORK_CODES[status] ?? 'BAD_REQUEST';
    const message = code === 'BAD_REQUEST' ? 'the body is not valid JSON' : (error as Error).message;
    return new AppError(code, message);
  }
  return new AppError('INTERNAL', 'internal error');
}
