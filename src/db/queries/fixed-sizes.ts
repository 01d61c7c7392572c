/**
 * Rows in slices whose sizes are powers of two, at most `max`, largest first. A multi-row INSERT
 * built from each slice then has one of a few shapes, so the SQLite connection's statement cache
 * keeps a handful of them instead of one per batch size: a prepared INSERT of hundreds of rows
 * holds hundreds of KB, and batches of every size from 1 to 1,000 filled the cache with them.
 */
export function* inFixedSizes<T>(rows: readonly T[], max: number): Generator<T[]> {
  let size = 2 ** Math.floor(Math.log2(Math.max(1, max)));
  for (let start = 0; start < rows.length; start += size) {
    while (size > rows.length - start) size /= 2;
    yield rows.slice(start, start + size);
  }
}
