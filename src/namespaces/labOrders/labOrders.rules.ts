import { AppError, validationFailed } from '../../values/errors.ts';
import { newId } from '../../values/ids.ts';
import type { OrderStatus, TestInput, TestStatus } from './labOrders.fields.ts';
import type { LabOrderFields, StoredTest } from './labOrders.repo.ts';

/**
 * The status rules of lab orders, as pure functions (docs/labs-and-content.md):
 * - a test moves forward through TEST_STATUSES, never back; each step's who / when fields are set
 *   when the step is reached (given values win; else now and the caller), and a step passed over
 *   in one move is stamped like the step the test lands on; the steps' times never go backwards;
 * - a test marked external carries the lab's name and when it was marked;
 * - the order's status and completedAt / completedBy follow the tests.
 */

/** Who is acting and when: the caller's idpUserId (null without a token) and the operation's now. */
export interface Actor {
  now: number;
  by: string | null;
}

const RANK: Record<TestStatus, number> = { ordered: 0, sample_collected: 1, processing: 2, completed: 3 };

/** The steps after `ordered`, each with the fields stamped when it is reached. */
const STEPS = [
  { status: 'sample_collected', at: 'sampleCollectedAt', by: 'sampleCollectedBy' },
  { status: 'processing', at: 'processingStartedAt', by: 'processingStartedBy' },
  { status: 'completed', at: 'completedAt', by: 'completedBy' },
] as const;

/** Fields a client sets freely (null clears them). */
const PLAIN = ['name', 'code', 'serviceId', 'itemType', 'reviewStatus', 'instructions', 'sampleType'] as const;

const EXTERNAL_FIELDS = ['externalLabName', 'externalMarkedAt', 'externalResultUploadedAt'] as const;

function blankTest(): StoredTest {
  return {
    id: newId(),
    name: null,
    code: null,
    serviceId: null,
    itemType: null,
    priceMinor: null,
    quantity: 1,
    reviewStatus: null,
    instructions: null,
    status: 'ordered',
    sampleCollectedAt: null,
    sampleCollectedBy: null,
    sampleType: null,
    processingStartedAt: null,
    processingStartedBy: null,
    completedAt: null,
    completedBy: null,
    isExternal: false,
    externalLabName: null,
    externalMarkedAt: null,
    externalResultUploadedAt: null,
  };
}

/**
 * The test after applying `change` to `current` (undefined: a new test). `path` names the test in
 * errors, e.g. `tests.2`. On a new test null means "not given"; on a stored one null clears, which
 * the stamped fields of a step already reached (and of an external mark) do not allow.
 */
export function nextTest(current: StoredTest | undefined, change: TestInput, actor: Actor, path: string): StoredTest {
  const isNew = current === undefined;
  const base = current ?? blankTest();
  const next: StoredTest = { ...base };
  for (const field of PLAIN) if (change[field] !== undefined) next[field] = change[field];
  if (change.price !== undefined) next.priceMinor = change.price;
  if (change.quantity !== undefined) next.quantity = change.quantity ?? 1;

  const from = base.status;
  const to = change.status ?? from;
  if (RANK[to] < RANK[from]) throw new AppError('INVALID_STATE', `${path}.status: a ${from} test cannot go back to ${to}`);
  next.status = to;

  // Steps passed over in this move are stamped like the step the test lands on.
  const landing = STEPS.find((step) => step.status === to);
  const stamp = { at: (landing && change[landing.at]) ?? actor.now, by: (landing && change[landing.by]) ?? actor.by };
  let previousAt: number | null = null;
  for (const step of STEPS) {
    const givenAt = change[step.at];
    const givenBy = change[step.by];
    if (RANK[to] < RANK[step.status]) {
      if (givenAt != null) throw validationFailed(`${path}.${step.at}`, `is set only once the test reaches ${step.status}`);
      if (givenBy != null) throw validationFailed(`${path}.${step.by}`, `is set only once the test reaches ${step.status}`);
      next[step.at] = null;
      next[step.by] = null;
      continue;
    }
    const alreadyReached = !isNew && RANK[from] >= RANK[step.status];
    if (alreadyReached) {
      if (givenAt === null) throw validationFailed(`${path}.${step.at}`, `cannot be cleared once the test has reached ${step.status}`);
      if (givenBy === null) throw validationFailed(`${path}.${step.by}`, `cannot be cleared once the test has reached ${step.status}`);
      next[step.at] = givenAt ?? base[step.at];
      next[step.by] = givenBy ?? base[step.by];
    } else {
      next[step.at] = givenAt ?? stamp.at;
      next[step.by] = givenBy ?? stamp.by;
    }
    const at = next[step.at]!;
    if (previousAt !== null && at < previousAt) throw validationFailed(`${path}.${step.at}`, 'must not be before the earlier step of the test');
    previousAt = at;
  }

  applyExternal(next, base, change, actor, path, isNew);
  return next;
}

function applyExternal(next: StoredTest, base: StoredTest, change: TestInput, actor: Actor, path: string, isNew: boolean): void {
  const wasExternal = !isNew && base.isExternal;
  next.isExternal = change.isExternal === undefined ? base.isExternal : (change.isExternal ?? false);
  if (!isNew && next.isExternal !== base.isExternal && base.status === 'completed') {
    throw new AppError('INVALID_STATE', `${path}.isExternal: a completed test cannot be marked or unmarked external`);
  }
  if (!next.isExternal) {
    for (const field of EXTERNAL_FIELDS) {
      if (change[field] != null) throw validationFailed(`${path}.${field}`, 'is only for a test marked external (isExternal true)');
      next[field] = null;
    }
    return;
  }
  next.externalLabName = change.externalLabName !== undefined ? change.externalLabName : base.externalLabName;
  if (!next.externalLabName) throw validationFailed(`${path}.externalLabName`, 'is required for a test marked external');
  if (wasExternal && change.externalMarkedAt === null) {
    throw validationFailed(`${path}.externalMarkedAt`, 'cannot be cleared while the test is marked external');
  }
  next.externalMarkedAt = change.externalMarkedAt ?? (wasExternal ? base.externalMarkedAt : null) ?? actor.now;
  if (change.externalResultUploadedAt !== undefined) next.externalResultUploadedAt = change.externalResultUploadedAt;
}

/** The status the tests give the order. */
export function derivedStatus(tests: readonly StoredTest[]): Exclude<OrderStatus, 'cancelled'> {
  if (tests.every((t) => t.status === 'completed')) return 'completed';
  if (tests.every((t) => t.status === 'ordered')) return 'ordered';
  return 'in_progress';
}

/**
 * The order's status after a change. `requested` is the client's status (undefined: not sent);
 * `current` is the stored status (undefined on create). Only `cancelled` is set by hand; any
 * other value must be the one the tests give. A disagreement is VALIDATION_FAILED on create and
 * INVALID_STATE on update (it depends on what is stored).
 */
export function nextOrderStatus(requested: OrderStatus | undefined, derived: Exclude<OrderStatus, 'cancelled'>, current: OrderStatus | undefined): OrderStatus {
  const refuse = (message: string) => (current === undefined ? validationFailed('status', message) : new AppError('INVALID_STATE', `status: ${message}`));
  if (current === 'cancelled') {
    if (requested !== undefined && requested !== 'cancelled') throw refuse('a cancelled order cannot be reopened');
    return 'cancelled';
  }
  if (requested === 'cancelled') {
    if (derived === 'completed') throw refuse('a completed order cannot be cancelled');
    return 'cancelled';
  }
  if (requested !== undefined && requested !== derived) throw refuse(`follows the tests, which make it ${derived}`);
  return derived;
}

/**
 * completedAt / completedBy of the order: set when it is completed (given values win; else those
 * of the test completed last), kept while it stays completed, null otherwise.
 */
export function completion(
  status: OrderStatus,
  tests: readonly StoredTest[],
  given: { completedAt?: number | null | undefined; completedBy?: string | null | undefined },
  current: Pick<LabOrderFields, 'status' | 'completedAt' | 'completedBy'> | undefined,
): { completedAt: number | null; completedBy: string | null } {
  if (status !== 'completed') {
    if (given.completedAt != null) throw validationFailed('completedAt', 'is set only once every test is completed');
    if (given.completedBy != null) throw validationFailed('completedBy', 'is set only once every test is completed');
    return { completedAt: null, completedBy: null };
  }
  if (current?.status === 'completed') {
    if (given.completedAt === null) throw validationFailed('completedAt', 'cannot be cleared on a completed order');
    if (given.completedBy === null) throw validationFailed('completedBy', 'cannot be cleared on a completed order');
    return { completedAt: given.completedAt ?? current.completedAt, completedBy: given.completedBy ?? current.completedBy };
  }
  const last = tests.reduce((a, b) => ((b.completedAt ?? 0) > (a.completedAt ?? 0) ? b : a));
  return { completedAt: given.completedAt ?? last.completedAt, completedBy: given.completedBy ?? last.completedBy };
}

/** Did the change move a test's status or its external mark, or add a test? (A cancelled order allows neither.) */
export function testsMoved(before: readonly StoredTest[], after: readonly StoredTest[]): boolean {
  if (after.length !== before.length) return true;
  return after.some((t, i) => t.status !== before[i]!.status || t.isExternal !== before[i]!.isExternal);
}
