import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * Renders the namespace map of docs/architecture.md ("Between namespaces") from the imports of
 * src/namespaces/: `npm run docs:architecture`. Only the text between the two markers is rendered;
 * test/docs.test.ts fails while it differs from the imports. Tests, kits and fixtures do not count,
 * as in test/layers.test.ts.
 */

export const DOC_PATH = new URL('../docs/architecture.md', import.meta.url);
export const START = '<!-- generated:start (npm run docs:architecture renders this map from the imports of src/namespaces/) -->';
export const END = '<!-- generated:end -->';

const NAMESPACES = resolve(import.meta.dirname, '../src/namespaces');
const isTestCode = (path: string) => /\.(test|testkit|fixture)\.ts$/.test(path);
/** Relative specifiers of static imports and re-exports, side-effect imports and dynamic import(). */
const IMPORT = /(?:\b(?:import|export)\s+(?:type\s)?[^;'"]*?\bfrom\s*|\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !isTestCode(entry.name) ? [path] : [];
  });
}

/** The namespace a path under src/namespaces/ belongs to; undefined for namespaces/index.ts and paths outside. */
function namespaceOf(path: string): string | undefined {
  const [namespace, ...rest] = relative(NAMESPACES, path).split(sep);
  return namespace !== '..' && rest.length > 0 ? namespace : undefined;
}

/** For each namespace, the other namespaces its files import from (every namespace, sorted). */
export function namespaceImports(): Map<string, string[]> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(NAMESPACES)) {
    const source = namespaceOf(file);
    if (source === undefined) continue;
    const targets = graph.get(source) ?? graph.set(source, new Set()).get(source)!;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = namespaceOf(resolve(dirname(file), specifier!));
      if (target !== undefined && target !== source) targets.add(target);
    }
  }
  return new Map([...graph].sort(([a], [b]) => a.localeCompare(b)).map(([ns, targets]) => [ns, [...targets].sort()]));
}

/** The generated part of docs/architecture.md, markers included. */
export function renderGenerated(graph: Map<string, string[]> = namespaceImports()): string {
  const importing = [...graph].filter(([, targets]) => targets.length > 0);
  const width = Math.max(...importing.map(([ns]) => ns.length));
  const lines = importing.map(([ns, targets]) => `${ns.padEnd(width)} -> ${targets.join(', ')}`);
  const none = [...graph].filter(([, targets]) => targets.length === 0).map(([ns]) => ns);
  return [START, '```', ...lines, '```', '', ...wrapped(`Import no other namespace: ${none.join(', ')}.`), END].join('\n');
}

/** Prose cut into lines of at most 100 characters at spaces, as the docs are written. */
function wrapped(text: string): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= 100) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The document with its generated part rendered anew and everything else kept. */
export function renderDoc(current: string, generated: string = renderGenerated()): string {
  const start = current.indexOf(START);
  const end = current.indexOf(END, start);
  if (start < 0 || end < 0) throw new Error(`docs/architecture.md has no ${START} ... ${END} markers`);
  return current.slice(0, start) + generated + current.slice(end + END.length);
}

export const readDoc = (): string => readFileSync(DOC_PATH, 'utf8');

if (import.meta.main) writeFileSync(DOC_PATH, renderDoc(readDoc()));
