export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  UNKNOWN_OPERATION: 404,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_STATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** an Idempotency-Key sent again with other data (an extension: docs/api.md, "Idempotency keys") */
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_CONFIGURED: 503,
  /** the database is not reachable (an extension: docs/api.md, "Error codes") */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorDetail {
  path: string;
  message: string;
  /** the id of the other record a CONFLICT is about, where there is one */
  recordId?: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  /** Seconds until a rate-limited call may be retried (sent as Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; retryAfterSeconds?: number } = {}) {
    // An AppError is an answer to the caller (4xx and the like), not a fault: no stack is captured,
    // which costs more than the rest of a refused booking's error path.
    const { stackTraceLimit } = Error;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}

export function validationFailed(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: [{ path, message }] });
}
