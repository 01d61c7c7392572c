import { writeSync } from 'node:fs';
import { registerHooks } from 'node:module';

/**
 * Preloaded (NODE_OPTIONS=--import) into a service process by test/tracing.test.ts: notes every
 * @opentelemetry package the process loads, by import or require, and writes them as one JSON line
 * on stderr when the process exits.
 */
const loaded = new Set<string>();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const name = /\/node_modules\/(@opentelemetry\/[^/]+)\//.exec(resolved.url)?.[1];
    if (name) loaded.add(name);
    return resolved;
  },
});
process.on('exit', () => writeSync(2, `${JSON.stringify({ loadedOpenTelemetry: [...loaded].sort() })}\n`));
