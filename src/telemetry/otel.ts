import { context, defaultTextMapGetter, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
} from '@opentelemetry/semantic-conventions';
import type { OperationSpan, Tracer, TracingOptions } from './tracer.ts';

/**
 * The tracer on OpenTelemetry's SDK: spans batched and sent as OTLP/HTTP JSON. Loaded only by
 * startTracing (tracing.ts). A span's context follows the request through its awaits
 * (AsyncLocalStorage), so a statement run for an operation is a child of its span.
 */
export function openTelemetryTracer(options: TracingOptions): Tracer {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName, [ATTR_SERVICE_VERSION]: options.serviceVersion }),
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  const tracer = provider.getTracer('healthops', options.serviceVersion);
  const propagator = new W3CTraceContextPropagator();

  return {
    operation(name, work, headers) {
      const parent = headers ? propagator.extract(context.active(), headers, defaultTextMapGetter) : context.active();
      return tracer.startActiveSpan(name, { kind: SpanKind.SERVER, attributes: { 'healthops.operation': name } }, parent, async (span) => {
        try {
          return await work(operationSpan(span));
        } finally {
          span.end();
        }
      });
    },
    statement(system, sql, work) {
      // A statement outside any operation (a job, the read log's writer) is not traced alone.
      if (!trace.getActiveSpan()) return work();
      const operation = sql.slice(0, sql.search(/\s|$/)).toUpperCase();
      const attributes = { [ATTR_DB_SYSTEM_NAME]: system, [ATTR_DB_QUERY_TEXT]: sql, [ATTR_DB_OPERATION_NAME]: operation };
      return tracer.startActiveSpan(operation || system, { kind: SpanKind.CLIENT, attributes }, async (span) => {
        try {
          return await work();
        } catch (err) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          span.setAttribute(ATTR_ERROR_TYPE, err instanceof Error ? err.name : 'error');
          throw err;
        } finally {
          span.end();
        }
      });
    },
    async shutdown() {
      await provider.shutdown();
      context.disable();
    },
  };
}

function operationSpan(span: Span): OperationSpan {
  return {
    setAttribute: (name, value) => void span.setAttribute(name, value),
    answered(status, errorCode) {
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      if (errorCode !== undefined) span.setAttribute(ATTR_ERROR_TYPE, errorCode);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    },
  };
}
