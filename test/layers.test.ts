import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';

/**
 * The layers of src/, lowest first (docs/architecture.md). A file belongs to the layer of its top
 * folder under src/, a file directly in src/ to the layer of its own name. A file imports from its
 * own folder and from lower layers only: never upwards, and never from another folder of its own
 * layer (the folders of one layer know nothing of each other). `import type` counts.
 * Tests and their kits and fixtures may import anything. There is no exception: the row types live
 * beside their code (`*.table.ts`) and add their tables to db/schema.ts's `Database` by declaration
 * merging, so the database layer names no feature.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['values', 'time'], // AppError, fields, ids, money, paging, records; calendar arithmetic
  ['config.ts', 'provider-interfaces.ts'], // the configuration; the interfaces of the outside providers
  ['telemetry'], // metrics and traces: what the layers above count and trace
  ['db'], // dialects, schema, migrations, locks, caches of the database
  ['caller', 'providers'], // tokens, passwords, roles, the caller model; the providers' implementations
  ['operations'], // the declaration of an operation: Context, defineOperation, audiences
  ['access', 'audit-trail', 'background', 'events'], // admission of callers and calls, read log; the audit trail's writer; the job runner; events
  ['rpc'], // registry, dispatcher, rate limits, OpenAPI
  ['resources'], // defineResource
  ['namespaces'],
  ['app.ts', 'listen.ts'],
  ['main.ts', 'admin.ts'],
];

const SRC = resolve(import.meta.dirname, '../src');
const isTestCode = (path: string) => /\.(test|testkit|fixture)\.ts$/.test(path);

interface Import {
  /** both relative to src/, with forward slashes */
  from: string;
  to: string;
  /** `import type` / `export type`: erased when the code runs */
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const fromSrc = (path: string) => relative(SRC, path).split(sep).join('/');

/** Relative specifiers of static imports and re-exports, side-effect imports and dynamic import(). */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const statements = /(?:\b(?:import|export)\s+(type\s)?[^;'"]*?\bfrom\s*|\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...text.matchAll(statements)].map(([, type, specifier]) => ({
    from: fromSrc(file),
    to: fromSrc(resolve(dirname(file), specifier!)),
    typeOnly: type !== undefined,
  }));
}

const topOf = (path: string) => path.split('/')[0]!;
const layerOf = (path: string) => LAYERS.findIndex((folders) => folders.includes(topOf(path)));

const files = sourceFiles(SRC).filter((file) => !isTestCode(file));
const imports = files.flatMap(importsOf);

const isTable = (path: string) => path.endsWith('.table.ts');
const allowed = (i: Import) => topOf(i.from) === topOf(i.to) || (layerOf(i.to) !== -1 && layerOf(i.to) < layerOf(i.from));

test('every file under src/ belongs to a layer', () => {
  assert.deepEqual(files.map(fromSrc).filter((path) => layerOf(path) === -1), []);
});

test('no import goes to a higher layer or to another folder of the same layer', () => {
  assert.ok(imports.length > 500, `only ${imports.length} imports found: the scan is broken`);
  const wrong = imports.filter((i) => !allowed(i)).map(({ from, to }) => `${from} -> ${to}`);
  assert.deepEqual([...new Set(wrong)], []);
});

/** The namespace of a file in a namespace's folder (not of namespaces/index.ts). */
const namespaceOf = (path: string) => {
  const [top, namespace, ...rest] = path.split('/');
  return top === 'namespaces' && rest.length > 0 ? namespace : undefined;
};

/**
 * Between two namespaces only the public file: a file of `namespaces/A/` imports from
 * `namespaces/B/` nothing but `B/B.public.ts`. `namespaces/index.ts` registers every `<ns>/index.ts`.
 */
function reachesInto({ from, to }: Import): boolean {
  const target = namespaceOf(to);
  if (target === undefined) return false;
  if (from === 'namespaces/index.ts') return to !== `namespaces/${target}/index.ts`;
  const source = namespaceOf(from);
  return source !== undefined && source !== target && to !== `namespaces/${target}/${target}.public.ts`;
}

test('a namespace imports only another namespace\'s public file', () => {
  const wrong = imports.filter(reachesInto).map(({ from, to }) => `${from} -> ${to}`);
  assert.deepEqual([...new Set(wrong)], []);
});

/** Which namespaces each namespace imports from. */
function namespaceGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const [source, target] = [namespaceOf(from), namespaceOf(to)];
    if (source === undefined || target === undefined || source === target) continue;
    graph.set(source, (graph.get(source) ?? new Set()).add(target));
  }
  return graph;
}

function reachableFrom(graph: Map<string, Set<string>>, start: string): Set<string> {
  const seen = new Set<string>();
  const next = [...(graph.get(start) ?? [])];
  for (let ns = next.pop(); ns !== undefined; ns = next.pop()) {
    if (seen.has(ns)) continue;
    seen.add(ns);
    next.push(...(graph.get(ns) ?? []));
  }
  return seen;
}

/**
 * One cycle stays (docs/architecture.md): organizations.create writes the creator's first users
 * record through the users resource, and users.syncFromIdpAuth creates and answers the team's
 * organization through the organizations resource.
 */
const ALLOWED_CYCLES = [['organizations', 'users']];

test('the namespaces depend on each other without cycles (but the allowed ones)', () => {
  const graph = namespaceGraph();
  const reach = new Map([...graph.keys()].map((ns) => [ns, reachableFrom(graph, ns)]));
  const cycles = new Set(
    [...reach].filter(([ns, reached]) => reached.has(ns)).map(([ns, reached]) => [...reached].filter((other) => reach.get(other)?.has(ns)).sort().join(' <-> ')),
  );
  assert.deepEqual([...cycles].sort(), ALLOWED_CYCLES.map((cycle) => cycle.join(' <-> ')));
});

test('a row type (*.table.ts) imports only values/', () => {
  const wrong = imports.filter(({ from, to }) => isTable(from) && topOf(to) !== 'values').map(({ from, to }) => `${from} -> ${to}`);
  assert.deepEqual(wrong, []);
});

/** The import loops among the files of src/, each as its files in order (one per strongly connected group). */
function fileLoops(): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of imports) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do group.push((member = stack.pop()!));
    while (member !== file);
    if (group.length > 1) loops.push(group.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return loops;
}

test('no import loop between files (types included)', () => {
  assert.deepEqual(fileLoops(), []);
});
