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

  all(): Operation[] {
    return [...this.#ops.values()].flatMap((ns) => [...ns.values()]);
  }
}
