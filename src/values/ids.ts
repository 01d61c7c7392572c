import { getRandomValues } from 'node:crypto';
import { V7Generator } from 'uuidv7';

/**
 * Random words for the ids, drawn from the system's CSPRNG 1,024 at a time: the library's own
 * buffer holds 8, a call into the CSPRNG every few ids (about 1% of a read's time).
 */
const words = new Uint32Array(1024);
let next = words.length;
const generator = new V7Generator({
  nextUint32() {
    if (next === words.length) {
      getRandomValues(words);
      next = 0;
    }
    return words[next++]!;
  },
});

/** Server-generated record id: opaque, unique, time-ordered. */
export function newId(): string {
  return generator.generate().toString();
}
