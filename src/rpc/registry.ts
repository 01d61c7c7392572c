import type { Operation } from './operation.ts';

export class Registry {
  readonly #ops = new Map<string, Map<string, Operation>>();

  constructor(operations: Operation[]) {
    for (const op of operations) this.add(op);
  }

  add(op: Operation): void {
    const ns = this.#ops.get(op.namespace) ?? new Map<string, Operation>();
    if (ns.has(op.name)) throw new Error(`duplicate operation ${op.namespace}.${op.name}`);
    ns.set(op.name, op);
    this.#ops.set(op.namespace, ns);
  }

  find(namespace: string, name: string): Operation | undefined {
    return this.#ops.get(namespace)?.get(name);
  }

  all(): Operation[] {
    return [...this.#ops.values()].flatMap((ns) => [...ns.values()]);
  }
}
