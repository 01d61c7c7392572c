import type { Db } from '../db/database.ts';
import type { Context } from '../operations/context.ts';

/**
 * What happens in an organization, by name, with the data it carries. The core names no event:
 * each namespace adds those it emits by declaration merging in its `<ns>.events.ts` (as the
 * `*.table.ts` files add their tables to `Database`), and lists their names for run time as its
 * `events`, which namespaces/index.ts declares here with the consumers.
 */
// Empty on purpose: filled by the `declare module` blocks of the *.events.ts files.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EventMap {}

export type EventType = keyof EventMap;

/** One event as its consumers receive it: its name and its data. */
export interface Event {
  type: EventType;
  data: EventMap[EventType];
}

/** Acts on an event inside the emitting transaction (`db`): what it writes commits with the change. */
export type EventConsumer = (db: Db, ctx: Context, organizationId: string, event: Event) => Promise<void>;

const declared = new Set<string>();
const consumers = new Set<EventConsumer>();

/** The names the namespaces emit and who consumes them; namespaces/index.ts calls it once. */
export function declareEvents(names: readonly EventType[], ...takers: EventConsumer[]): void {
  for (const name of names) declared.add(name);
  for (const taker of takers) consumers.add(taker);
}

/** Adds a consumer; answers how to remove it again. */
export function onEvent(consumer: EventConsumer): () => void {
  consumers.add(consumer);
  return () => consumers.delete(consumer);
}

/** Whether `name` is a declared event's (a name stored before an event was retired is not). */
export const isEventType = (name: string): name is EventType => declared.has(name);

/** A stored event name: only declared events are stored (emit refuses others), so another is a bug. */
export function storedEventType(name: string): EventType {
  if (!isEventType(name)) throw new Error(`stored event type ${name} is not declared`);
  return name;
}

/** Every declared event name, in declaration order (what a webhook may subscribe to). */
export function declaredEvents(): readonly EventType[] {
  if (declared.size === 0) throw new Error('no event is declared yet: namespaces/index.ts declares them when it loads');
  return [...declared].filter(isEventType);
}

/**
 * Tells the consumers that `type` happened in the organization, in the caller's transaction
 * (`db` is the trx): what they write exists exactly when the change it tells of was committed.
 */
export async function emit<T extends EventType>(db: Db, ctx: Context, organizationId: string, type: T, data: EventMap[T]): Promise<void> {
  if (!declared.has(type)) throw new Error(`event ${type} is not declared (its namespace lists it in its events)`);
  const event: Event = { type, data };
  for (const consumer of consumers) await consumer(db, ctx, organizationId, event);
}
