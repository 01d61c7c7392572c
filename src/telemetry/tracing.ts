/**
 * Traces (README "Metrics", "Tracing"): one span per operation with a child span per SQL
 * statement. The service calls the active tracer when there is one; OpenTelemetry itself is
 * loaded only by startTracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set), so a service without it
 * loads nothing of it and pays one check per operation and statement.
 */
import type { OperationSpan, Tracer, TracingOptions } from './tracer.ts';

export type { OperationSpan, Tracer, TracingOptions };

let active: Tracer | undefined;

/** The tracer when tracing runs; undefined otherwise. */
export function activeTracer(): Tracer | undefined {
  return active;
}

/** Loads OpenTelemetry and makes its tracer the active one. */
export async function startTracing(options: TracingOptions): Promise<Tracer> {
  const { openTelemetryTracer } = await import('./otel.ts');
  active = openTelemetryTracer(options);
  return active;
}

/** Stops the active tracer, sending what it holds. */
export async function stopTracing(): Promise<void> {
  const stopping = active;
  active = undefined;
  await stopping?.shutdown();
}
