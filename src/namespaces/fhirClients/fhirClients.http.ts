import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { exchangeAssertion, CLIENT_CREDENTIALS, OAuthError, type TokenDeps, type TokenRequest } from './fhirClients.token.ts';
import { exchangeToken, TOKEN_EXCHANGE } from './fhirClients.exchange.ts';
import { ASSERTION_ALGORITHMS } from './fhirClients.records.ts';

const FORM = 'application/x-www-form-urlencoded';
/** Where the token endpoint is, under /fhir/R4. */
export const TOKEN_PATH = '/auth/token';
/** A token request is a few parameters and one JWT. */
const TOKEN_BODY_LIMIT = 64 * 1024;

/** Token requests an address may make a minute, in each process: an integration asks every few minutes. */
const TOKEN_REQUESTS_PER_MINUTE = 60;

/**
 * The scopes smart-configuration lists (a type's own, e.g. system/Patient.read, too): a backend
 * client's system/ ones, and the user/ and patient/ ones of a token exchange.
 */
const SCOPES_SUPPORTED = ['system', 'user', 'patient'].flatMap((context) => ['*.read', '*.rs', '*.r', '*.s'].map((scope) => `${context}/${scope}`));

/**
 * The SMART authorization endpoints of the FHIR API (docs/fhir.md, "Authorization"), registered
 * at /fhir/R4 beside it: the token endpoint of the client-credentials grant and of the token
 * exchange (OAuth's form in, JSON and OAuth's errors out) and the smart-configuration document that points clients to it.
 */
export function smartRoutes(deps: TokenDeps) {
  const limiter = new RateLimiterMemory({ points: TOKEN_REQUESTS_PER_MINUTE, duration: 60 });
  return async (scope: FastifyInstance): Promise<void> => {
    scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: TOKEN_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error, request, reply) => sendOAuthError(error, request, reply));
    scope.get('/.well-known/smart-configuration', async (request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').send({
        token_endpoint: `${baseOf(request)}${TOKEN_PATH}`,
        token_endpoint_auth_methods_supported: ['private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGORITHMS],
        grant_types_supported: [CLIENT_CREDENTIALS, TOKEN_EXCHANGE],
        scopes_supported: SCOPES_SUPPORTED,
        capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2', 'permission-user', 'permission-patient'],
      }),
    );
    scope.post(TOKEN_PATH, { bodyLimit: TOKEN_BODY_LIMIT }, async (request, reply) => {
      await limiter.consume(request.ip).catch((refusal: unknown) => {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        throw new TooMany(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      });
      if (!request.headers['content-type']?.toLowerCase().startsWith(FORM)) throw new OAuthError('invalid_request', `the body must be ${FORM}`);
      const form = formOf(typeof request.body === 'string' ? request.body : '');
      const answer = form.grant_type === TOKEN_EXCHANGE ? await exchangeToken(deps, form) : await exchangeAssertion(deps, form, `${baseOf(request)}${TOKEN_PATH}`);
      return noStore(reply).send(answer);
    });
  };
}

function baseOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}/fhir/R4`;
}

/** OAuth's parameters: each at most once (RFC 6749 section 3.2). */
function formOf(body: string): TokenRequest {
  const form: TokenRequest = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(form, name)) throw new OAuthError('invalid_request', `${name.slice(0, 64)} is given more than once`);
    form[name] = value;
  }
  return form;
}

/** Token answers and refusals are never cached (RFC 6749 section 5.1). */
function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

/** Any error of these routes as OAuth's `{ error, error_description }`: the framework's own (size, media type) are invalid_request. */
function sendOAuthError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof TooMany) {
    return noStore(reply).code(429).header('retry-after', String(error.retryAfterSeconds)).send({ error: 'invalid_request', error_description: `too many token requests; retry in ${error.retryAfterSeconds} s` });
  }
  if (error instanceof OAuthError) return noStore(reply).code(error.status).send({ error: error.error, error_description: error.message });
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return noStore(reply).code(status === 413 ? 413 : 400).send({ error: 'invalid_request', error_description: status === 413 ? 'the body is too large' : 'the body could not be read' });
  }
  request.log.error({ err: error }, 'unexpected error');
  return noStore(reply).code(500).send({ error: 'server_error', error_description: `internal error (request ${request.id})` });
}

/** Over TOKEN_REQUESTS_PER_MINUTE: 429, OAuth having no error code of its own for it. */
class TooMany extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('too many token requests');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
