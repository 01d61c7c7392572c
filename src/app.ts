import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ReadLog } from './access/read-log.ts';
import { tokenService } from './caller/tokens.ts';
import type { Config } from './config.ts';
import { ping, type DatabaseHandle } from './db/database.ts';
import { allOperations } from './namespaces/index.ts';
import { fromDatabaseError } from './rpc/db-errors.ts';
import { Dispatcher } from './rpc/dispatch.ts';
import type { Operation } from './operations/operation.ts';
import { AppError, type ErrorCode } from './values/errors.ts';
import { newId } from './values/ids.ts';
import { buildOpenApi } from './rpc/openapi.ts';
import { Registry } from './rpc/registry.ts';
import { createServices } from './providers/index.ts';
import type { Services } from './services.ts';

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
  }
}

const REDACT = ['req.headers.authorization', 'req.headers["x-idp-access-token"]', 'req.headers.cookie'];

/** Builds the HTTP application; never listens (main.ts does, tests use inject()). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' } },
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => newId(),
    trustProxy: config.trustProxy,
  });
  // JSON only: anything else is 415 UNSUPPORTED_MEDIA_TYPE.
  app.removeContentTypeParser('text/plain');
  const registry = new Registry([...allOperations, ...(deps.extraOperations ?? [])]);
  const services: Services = { ...createServices(config, app.log), ...deps.services };
  const readLog = new ReadLog(database, app.log);
  const dispatcher = new Dispatcher({ registry, database, config, services, tokens: tokenService(config), readLog });
  app.decorate('readLog', readLog);
  // Reads still queued are written before whoever closes the app closes the database.
  app.addHook('onClose', () => readLog.close());

  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

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
    return reply.send({ status: 'ok', data: await dispatcher.dispatch(callOf(request, namespace, apiName, data)) });
  });

  // The same operations at their own path (body = data), so /docs can describe and try each one.
  app.post<{ Params: { namespace: string; apiName: string } }>('/api/:namespace/:apiName', async (request, reply) => {
    const data = request.body ?? {};
    if (typeof data !== 'object' || Array.isArray(data)) throw new AppError('BAD_REQUEST', 'the body must be a JSON object');
    const { namespace, apiName } = request.params;
    return reply.send({ status: 'ok', data: await dispatcher.dispatch(callOf(request, namespace, apiName, data)) });
  });

  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    try {
      await ping(database.db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'error', error: { code: 'INTERNAL', message: 'database unreachable' } });
    }
  });

  const openapi = buildOpenApi(registry);
  app.get('/openapi.json', async () => openapi);
  await app.register(swagger, { mode: 'static', specification: { document: openapi as never } });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  return app;
}

function callOf(request: FastifyRequest, namespace: string, apiName: string, data: unknown) {
  return { namespace, apiName, data: data ?? {}, headers: request.headers, ip: request.ip, requestId: request.id, log: request.log };
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  if (appError.code === 'INTERNAL') {
    request.log.error({ err: error }, 'unexpected error');
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
  if (error instanceof AppError) return error;
  const fromDb = fromDatabaseError(error);
  if (fromDb) return fromDb;
  // Errors the framework raised before our handler ran: body parsing, media type, size.
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = FRAMEWORK_CODES[status] ?? 'BAD_REQUEST';
    const message = code === 'BAD_REQUEST' ? 'the body is not valid JSON' : (error as Error).message;
    return new AppError(code, message);
  }
  return new AppError('INTERNAL', 'internal error');
}
