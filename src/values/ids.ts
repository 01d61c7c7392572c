import { uuidv7 } from 'uuidv7';

/** Server-generated record id: opaque, unique, time-ordered. */
export function newId(): string {
  return uuidv7();
}
