import { readFileSync } from 'node:fs';

/**
 * A process's resident memory by kind (MiB), from /proc/<pid>/smaps: the main malloc heap
 * (`[heap]`: SQLite's page and statement caches, node's own allocations), other anonymous memory
 * (V8's heap, the threads' malloc arenas, stacks) and file pages (the node binary, libraries, the
 * WAL index). Which of them grows is where to look when the peak grows (docs/PERFORMANCE.md, "Memory").
 */
export interface MemorySplit {
  mallocHeap: number;
  otherAnonymous: number;
  file: number;
}

const MAPPING = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s*(.*)$/;

export function memorySplitOf(smaps: string): MemorySplit {
  const kib = { mallocHeap: 0, otherAnonymous: 0, file: 0 };
  let kind: keyof MemorySplit = 'otherAnonymous';
  for (const line of smaps.split('\n')) {
    const mapping = MAPPING.exec(line);
    if (mapping) {
      const [, inode, path] = mapping;
      kind = path === '[heap]' ? 'mallocHeap' : inode !== '0' ? 'file' : 'otherAnonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kib[kind] += Number(rss[1]);
  }
  return { mallocHeap: kib.mallocHeap / 1024, otherAnonymous: kib.otherAnonymous / 1024, file: kib.file / 1024 };
}

/** undefined when the process is gone or /proc is not there. */
export function memorySplit(pid: number): MemorySplit | undefined {
  try {
    return memorySplitOf(readFileSync(`/proc/${pid}/smaps`, 'utf8'));
  } catch {
    return undefined;
  }
}
