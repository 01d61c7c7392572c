import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memorySplit, memorySplitOf } from '../bench/memory-split.ts';

const smaps = `00400000-00746000 r--p 00000000 fe:00 5335082                            /usr/bin/node
Size:               3352 kB
Rss:                3072 kB
20c13000-27113000 rw-p 00000000 00:00 0                                  [heap]
Size:             103424 kB
Rss:              102400 kB
7f3c30000000-7f3c3071d000 rw-p 00000000 00:00 0 
Size:               7284 kB
Rss:                7168 kB
7ffd1c000000-7ffd1c021000 rw-p 00000000 00:00 0                          [stack]
Rss:                1024 kB
7f3c40000000-7f3c40001000 rw-s 00000000 fe:00 77                         /data/h.db-shm
Rss:                1024 kB`;

test('resident memory is split into the malloc heap, other anonymous memory and file pages', () => {
  assert.deepEqual(memorySplitOf(smaps), { mallocHeap: 100, otherAnonymous: 8, file: 4 });
});

test("this process's own split adds up to about its resident size", () => {
  const split = memorySplit(process.pid);
  if (!split) return; // no /proc here
  const total = split.mallocHeap + split.otherAnonymous + split.file;
  const rss = process.memoryUsage().rss / 1024 / 1024;
  assert.ok(Math.abs(total - rss) < rss * 0.1, `${total.toFixed(1)} MiB against ${rss.toFixed(1)} MiB`);
});
