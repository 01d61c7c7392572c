/** Row <-> record mapping for the dialect differences: booleans (0/1 on SQLite) and JSON kept as text. */

export function toBool(v: unknown): boolean | null {
  return v === null || v === undefined ? null : Boolean(v);
}

export function toJsonText(v: unknown): string | null {
  return v === null || v === undefined ? null : JSON.stringify(v);
}

export function fromJsonText<T = unknown>(v: unknown): T | null {
  return typeof v === 'string' ? (JSON.parse(v) as T) : null;
}

export function parseJsonArray(v: unknown): string[] {
  const parsed = fromJsonText<unknown>(v);
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
}
