import type { z } from 'zod';

/**
 * The bounds of a free-form value (an object or list whose shape the schema leaves open): how
 * large its JSON may be, how deep, how many keys per object and items per list, how long each
 * string (keys included). Declared with the field (`bounded`, `jsonObject`, `jsonList`); checked
 * by the field's own schema, so a value out of bounds is VALIDATION_FAILED with the field's path
 * before anything is stored (docs/api.md "Bounds").
 */
export interface Bounds {
  /** UTF-8 bytes of the value's JSON text. */
  bytes: number;
  /** Levels of objects and lists: `{}` is 1, `{ a: [] }` is 2. */
  depth: number;
  keys: number;
  items: number;
  /** Characters (UTF-16 units, as `z.string().max`) of each string and key. */
  text: number;
}

/**
 * Enough for what the free-form fields hold (an address, an organization's settings, a form's
 * answers, navigation parameters): 16 KiB is some fifty addresses' worth; a settings object nests
 * three or four levels; 200 keys and 1,000 items are far more than any form has. A page of 100
 * records with such a field stays under 2 MiB of it.
 */
export const DEFAULT_BOUNDS: Readonly<Bounds> = { bytes: 16 * 1024, depth: 8, keys: 200, items: 1_000, text: 10_000 };

/** The metadata key under which /openapi.json shows a field's bounds (and test/hostile-input.test.ts finds them). */
export const BOUNDS_KEY = 'x-bounds';

const jsonLength = (text: string) => Buffer.byteLength(JSON.stringify(text), 'utf8');

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * What makes `value` break `bounds` (undefined: nothing). Walks without recursion, so no depth
 * can overflow the stack, and stops at the first problem, so the work is bounded by the bounds
 * and not by the value. Only plain JSON passes: null, booleans, finite numbers, strings, lists,
 * plain objects.
 */
export function boundsProblem(value: unknown, bounds: Bounds = DEFAULT_BOUNDS): string | undefined {
  let bytes = 0;
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length) {
    const { value: node, depth } = pending.pop()!;
    if (node === null) bytes += 4;
    else if (typeof node === 'boolean') bytes += node ? 4 : 5;
    else if (typeof node === 'number') {
      if (!Number.isFinite(node)) return 'must hold only finite numbers';
      bytes += String(node).length;
    } else if (typeof node === 'string') {
      if (node.length > bounds.text) return `must hold strings of at most ${bounds.text} characters`;
      bytes += jsonLength(node);
    } else if (typeof node === 'object') {
      if (depth + 1 > bounds.depth) return `must be nested at most ${bounds.depth} levels deep`;
      if (Array.isArray(node)) {
        if (node.length > bounds.items) return `must hold lists of at most ${bounds.items} items`;
        bytes += 2 + Math.max(0, node.length - 1);
        for (const item of node) pending.push({ value: item, depth: depth + 1 });
      } else {
        if (!isPlainObject(node)) return 'must be plain JSON';
        const keys = Object.keys(node);
        if (keys.length > bounds.keys) return `must hold objects of at most ${bounds.keys} keys`;
        bytes += 2 + Math.max(0, keys.length - 1);
        for (const key of keys) {
          if (key.length > bounds.text) return `must hold keys of at most ${bounds.text} characters`;
          bytes += jsonLength(key) + 1;
          pending.push({ value: node[key], depth: depth + 1 });
        }
      }
    } else {
      return 'must be plain JSON';
    }
    if (bytes > bounds.bytes) return `must be at most ${bounds.bytes} bytes of JSON`;
  }
  return undefined;
}

/**
 * Whether `value` is nested more than `depth` levels (`{}` is 1). Walks only its objects and lists,
 * without recursion, and stops at the first one too deep: no sizes are counted.
 */
export function nestedDeeperThan(value: unknown, depth: number): boolean {
  const pending: { node: unknown; level: number }[] = [{ node: value, level: 1 }];
  while (pending.length) {
    const { node, level } = pending.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (level > depth) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (typeof child === 'object' && child !== null) pending.push({ node: child, level: level + 1 });
  }
  return false;
}

/**
 * What makes a field's value wider than any field takes, whatever its schema (undefined: nothing):
 * an object of more than `keys` keys, or a key longer than `keyLength`. A schema leaves out the keys
 * it does not name; these bounds stop a value from carrying an unbounded load in them. Walks
 * without recursion and stops at the first problem.
 */
export function widerThan(value: unknown, keys: number, keyLength: number): string | undefined {
  const pending: unknown[] = [value];
  while (pending.length) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node as unknown[]) if (typeof item === 'object' && item !== null) pending.push(item);
      continue;
    }
    const names = Object.keys(node);
    if (names.length > keys) return `must hold objects of at most ${keys} keys`;
    for (const name of names) {
      if (name.length > keyLength) return `must hold keys of at most ${keyLength} characters`;
      const child: unknown = (node as Record<string, unknown>)[name];
      if (typeof child === 'object' && child !== null) pending.push(child);
    }
  }
  return undefined;
}

/**
 * `schema` with the bounds check added (the default bounds, each overridable): the one way a
 * free-form field is declared, so that its bounds show in /openapi.json and the registry test
 * can tell a bounded free-form field from one that escaped.
 */
export function bounded<T extends z.ZodType>(schema: T, overrides: Partial<Bounds> = {}): T {
  const bounds: Bounds = { ...DEFAULT_BOUNDS, ...overrides };
  const checked = schema.superRefine((value, ctx) => {
    const problem = boundsProblem(value, bounds);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
  return checked.meta({ [BOUNDS_KEY]: bounds });
}
