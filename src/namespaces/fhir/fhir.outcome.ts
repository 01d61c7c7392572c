import { knownError } from '../../rpc/db-errors.ts';
import type { ErrorCode } from '../../values/errors.ts';

/** A refusal of the FHIR layer itself, with a status the service's error codes have no name for (405, 406). */
export class FhirRefusal extends Error {
  readonly status: number;
  readonly issueCode: string;

  constructor(status: number, issueCode: string, message: string) {
    super(message);
    this.status = status;
    this.issueCode = issueCode;
  }
}

/** The issue-type code (http://hl7.org/fhir/issue-type) of each error code of the service. */
const ISSUE_CODES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'invalid',
  VALIDATION_FAILED: 'invalid',
  UNAUTHENTICATED: 'login',
  FORBIDDEN: 'forbidden',
  UNKNOWN_OPERATION: 'not-found',
  NOT_FOUND: 'not-found',
  CONFLICT: 'conflict',
  INVALID_STATE: 'business-rule',
  PAYLOAD_TOO_LARGE: 'too-long',
  UNSUPPORTED_MEDIA_TYPE: 'not-supported',
  IDEMPOTENCY_KEY_REUSED: 'duplicate',
  RATE_LIMITED: 'throttled',
  INTERNAL: 'exception',
  NOT_CONFIGURED: 'not-supported',
  UNAVAILABLE: 'transient',
};

export interface Outcome {
  status: number;
  /** the service's error code, for the metrics (the FHIR layer's own refusals have none) */
  code: ErrorCode | undefined;
  retryAfterSeconds: number | undefined;
  resource: { resourceType: 'OperationOutcome'; issue: { severity: 'error' | 'fatal'; code: string; diagnostics: string }[] };
}

const outcome = (status: number, code: ErrorCode | undefined, issueCode: string, diagnostics: readonly string[], retryAfterSeconds?: number): Outcome => ({
  status,
  code,
  retryAfterSeconds,
  resource: { resourceType: 'OperationOutcome', issue: diagnostics.map((text) => ({ severity: status >= 500 ? 'fatal' : 'error', code: issueCode, diagnostics: text })) },
});

/** The organization's id comes from a header: a missing or malformed one is named as such. */
const named = (path: string) => (path === 'organizationId' ? 'X-Organization-Id' : path);

/** Any error of a FHIR request as an OperationOutcome with its HTTP status. */
export function outcomeOf(error: unknown, requestId: string): Outcome {
  if (error instanceof FhirRefusal) return outcome(error.status, undefined, error.issueCode, [error.message]);
  const known = knownError(error);
  if (known) {
    const details = known.details?.map((detail) => `${named(detail.path)}: ${detail.message}`) ?? [];
    const text = known.code === 'INTERNAL' ? `internal error (request ${requestId})` : known.message.replace(/^organizationId:/, 'X-Organization-Id:');
    return outcome(known.status, known.code, ISSUE_CODES[known.code], details.length > 0 ? details : [text], known.retryAfterSeconds);
  }
  // Errors the framework raised before a handler ran: the body's size, media type or syntax.
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413) return outcome(413, 'PAYLOAD_TOO_LARGE', 'too-long', ['the body is too large']);
  if (status === 415) return outcome(415, 'UNSUPPORTED_MEDIA_TYPE', 'not-supported', ['the body must be application/x-www-form-urlencoded']);
  if (typeof status === 'number' && status >= 400 && status < 500) return outcome(400, 'BAD_REQUEST', 'invalid', ['the body could not be read']);
  return outcome(500, 'INTERNAL', 'exception', [`internal error (request ${requestId})`]);
}
