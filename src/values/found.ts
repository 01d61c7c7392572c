import { notFound } from './errors.ts';

/** What a look-up found; NOT_FOUND (`<what> not found`) when it found nothing. */
export async function found<T>(lookUp: Promise<T | undefined>, what: string): Promise<T> {
  const value = await lookUp;
  if (value === undefined) throw notFound(what);
  return value;
}
