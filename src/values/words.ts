/**
 * The words of free text for word-start search (users.search, foods.search): runs of letters and
 * digits, lower-cased, accents removed ("Müller" -> "muller"), at most WORD_MAX characters each.
 * Both databases index and match these words as the service makes them, so both give the same answers.
 */

/** A word longer than this is indexed (and matched) by its first WORD_MAX characters: an index entry stays small. */
export const WORD_MAX = 100;

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-cased with accents removed. */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
}

/** The words of `text` in order, repeats included. */
export function wordsOf(text: string | null | undefined): string[] {
  if (!text) return [];
  return (foldText(text).match(WORD) ?? []).map((w) => (w.length > WORD_MAX ? w.slice(0, WORD_MAX) : w));
}

/** The words of a query, each once, in order. */
export function queryWords(text: string | null | undefined): string[] {
  return [...new Set(wordsOf(text))];
}

/**
 * The bounds of the words starting with `prefix`: [prefix, end). Both databases compare these words
 * by code point (SQLite's BINARY, PostgreSQL's "C" collation), so the range is an index range.
 */
export function prefixRange(prefix: string): { from: string; to: string } {
  return { from: prefix, to: `${prefix}\u{10FFFF}` };
}

/** The words of texts, in order, joined by single spaces: a food's searchText (searchTextOf). */
export function wordsText(...texts: (string | null | undefined)[]): string {
  return texts.flatMap((text) => wordsOf(text)).join(' ');
}

/** The position of a person's word found only in the email (after any display-name word). */
export const EMAIL_ONLY = 10_000;

/** A person's words, each once, with where it first occurs in the display name (0: its first word), or EMAIL_ONLY. */
export function personWords(displayName: string | null | undefined, email: string | null | undefined): [word: string, position: number][] {
  const positions = new Map<string, number>();
  wordsOf(displayName).forEach((word, at) => {
    if (!positions.has(word)) positions.set(word, at);
  });
  for (const word of wordsOf(email)) if (!positions.has(word)) positions.set(word, EMAIL_ONLY);
  return [...positions];
}
