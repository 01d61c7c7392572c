import { rolesGranted } from '../access/grants.ts';
import type { Operation } from '../operations/operation.ts';

export class Registry {
  readonly #ops = new Map<string, Map<string, Operation>>();

  constructor(operations: Operation[]) {
    for (const op of operations) this.add(op);
  }

  /** Fails on an operation without an audience, or reading patient data without its reads; gives member and self operations their roles from the table. */
  add(declared: Operation): void {
    if (!(declared as Partial<Operation>).audience) throw new Error(`${declared.namespace}.${declared.name} declares no audience`);
    if (declared.readsPatientData && !declared.reads) {
      throw new Error(`${declared.namespace}.${declared.name} reads patient data but declares no reads (how its answer's records map to patients)`);
    }
    if (declared.reads && !declared.readsPatientData) throw new Error(`${declared.namespace}.${declared.name} declares reads but not readsPatientData`);
    const audience = declared.audience;
    const explicit = audience.kind === 'member' || audience.kind === 'self' ? audience.roles : undefined;
    const op: Operation = { ...declared, roles: new Set(explicit ?? rolesGranted(declared)) };
    const ns = this.#ops.get(op.namespace) ?? new Map<string, Operation>();
    if (ns.has(op.name)) throw new Error(`duplicate operation ${op.namespace}.${op.name}`);
    ns.set(op.name, op);
    this.#ops.set(op.namespace, ns);
  }

  find(namespace: string, name: string): Operation | undefined {
    return this.#ops.get(namespace)?.get(name);
  }

  /** The operation a mistyped name most likely meant (letter case, or one or two letters off), if one stands out. */
  closest(namespace: string, name: string): string | undefined {
    const known = [...this.#ops.keys()];
    const ns = this.#ops.has(namespace) ? namespace : nearest(namespace, known);
    if (ns === undefined) return undefined;
    const names = [...this.#ops.get(ns)!.keys()];
    const op = names.includes(name) ? name : nearest(name, names);
    return op === undefined ? undefined : `${ns}.${op}`;
  }

  all(): Operation[] {
    return [...this.#ops.values()].flatMap((ns) => [...ns.values()]);
  }
}

/** The candidate equal to `word` but for letter case, else the one within two edits when only one is. */
function nearest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  const sameLetters = candidates.find((c) => c.toLowerCase() === lower);
  if (sameLetters) return sameLetters;
  const close = candidates.filter((c) => editDistance(c.toLowerCase(), lower) <= 2);
  return close.length === 1 ? close[0] : undefined;
}

/** Levenshtein distance (insertions, deletions, substitutions). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
