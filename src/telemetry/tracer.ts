/**
 * What the service asks of a tracer (src/telemetry/tracing.ts), whoever implements it: OpenTelemetry
 * (otel.ts) when tracing runs.
 */
export type AttributeValue = string | number | boolean;

export type IncomingHeaders = Record<string, string | string[] | undefined>;

/** The database's name in traces (OpenTelemetry's `db.system.name`). */
export type DatabaseSystem = 'sqlite' | 'postgresql';

/** The span of one operation, as the dispatcher fills it. */
export interface OperationSpan {
  setAttribute(name: string, value: AttributeValue): void;
  /** The HTTP status the call is answered with (and, when an error, its code). */
  answered(status: number, errorCode?: string): void;
}

export interface Tracer {
  /**
   * Runs `work` in the span of the operation `name` (`namespace.apiName`): what it runs, SQL
   * included, are its children. A W3C `traceparent` among the request's headers makes it a child
   * of the caller's span, in the caller's trace.
   */
  operation<T>(name: string, work: (span: OperationSpan) => Promise<T>, headers?: IncomingHeaders): Promise<T>;
  /** Runs one SQL statement in a span carrying its text (never its parameters). */
  statement<T>(system: DatabaseSystem, sql: string, work: () => Promise<T>): Promise<T>;
  /** Sends the spans not sent yet, then stops. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** OTLP/HTTP base URL; spans go to `<endpoint>/v1/traces` */
  endpoint: string;
  serviceName: string;
  serviceVersion: string;
}
