import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { readDoc, renderDoc } from '../scripts/render-architecture-doc.ts';

const ROOT = resolve(import.meta.dirname, '..');
const TEXT = /\.(ts|mjs|js|md|json|sh)$/;
/** Not the project's text: dependencies, local data. Migrations are history and never change. */
const SKIPPED = new Set(['node_modules', '.git', 'data', 'src/db/migrations']);

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (SKIPPED.has(relative(ROOT, path).split(sep).join('/'))) return [];
    if (entry.isDirectory()) return textFiles(path);
    return TEXT.test(entry.name) ? [path] : [];
  });
}

const fromRoot = (path: string) => relative(ROOT, path).split(sep).join('/');

test('docs/architecture.md maps the imports between namespaces as they are', () => {
  assert.ok(readDoc() === renderDoc(readDoc()), 'the namespace map of docs/architecture.md differs from the imports: run npm run docs:architecture');
});

test('nothing cites the contract outside the repository: its decisions are in docs/contract.md', () => {
  // Built from parts, so that this file does not cite it either.
  const outside = new RegExp(['CONTRACT', '(\\.md|\\s+section)'].join(''));
  const citing = textFiles(ROOT).filter((file) => outside.test(readFileSync(file, 'utf8'))).map(fromRoot);
  assert.deepEqual(citing, []);
});

/**
 * The places of a markdown file a citation may name, in lower case: its headings, and the bold
 * words that open a paragraph or a list item (`- **Blocking.** A user record ...`), as the docs name
 * their decisions. None for a file that does not exist.
 */
function placesOf(doc: string): string[] {
  const path = join(ROOT, 'docs', doc);
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const headings = [...text.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)];
  const leads = [...text.matchAll(/^\s*(?:- )?\*\*(.+?)\*\*/gm)];
  return [...headings, ...leads].map(([, place]) => place!.toLowerCase());
}

/** A citation names a place by its whole name or by the part before a colon or parenthesis ("Backups" for "Backups (SQLite)"). */
const names = (place: string, cited: string) => place.startsWith(cited) && /^(\s*[:(.].*)?$/.test(place.slice(cited.length));

/** A comment's text with its line breaks and comment marks taken out, so a citation cut over two lines reads whole. */
const joinedComments = (text: string) => text.replace(/\n\s*(?:\*|\/\/)\s*/g, ' ');

test('every docs/<file>.md, "<heading>" cited in src/ names a heading of that file', () => {
  const files = textFiles(join(ROOT, 'src')).filter((file) => file.endsWith('.ts'));
  assert.ok(files.length > 500, `only ${files.length} source files found: the scan is broken`);
  const places = new Map<string, string[]>();
  const missing: string[] = [];
  for (const file of files) {
    for (const [, doc, cited] of joinedComments(readFileSync(file, 'utf8')).matchAll(/docs\/([\w.-]+\.md),?\s+"([^"]+)"/g)) {
      const known = places.get(doc!) ?? places.set(doc!, placesOf(doc!)).get(doc!)!;
      if (!known.some((place) => names(place, cited!.toLowerCase()))) missing.push(`${fromRoot(file)}: docs/${doc}, "${cited}"`);
    }
  }
  assert.deepEqual(missing, []);
});
