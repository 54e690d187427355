/**
 * What a typed search asks for, prepared in JavaScript so the SQL only ever
 * sees words made of letters and digits: no character of the input reaches
 * tsquery syntax (`& | ! : * ( ) '` are separators here), LIKE patterns are
 * escaped, and the statement's text is the same for every search (its
 * parameters are arrays), so it stays one prepared statement.
 */
export interface SearchTerms {
  /**
   * The one typed word, for trigram similarity with the words of item names
   * ("Bohrmashine"); null when several words were typed, since similarity
   * with the whole text would let one word match without the others, and
   * for words shorter than seven letters.
   */
  typoWord: string | null;
  /**
   * One row per alternative spelling: `word` numbers the typed word (all
   * typed words must match), `stem` says whether the four stemmers apply
   * (the typed word) or only the unstemmed form (a typo variant).
   */
  alternatives: { word: number[]; spelling: string[]; stem: boolean[] };
}

/** Words shorter than this are not searched as words (one letter as a prefix matches nearly everything). */
const MIN_WORD_LENGTH = 2;
/** More words than this add little and cost index lookups; the first ones count. */
const MAX_WORDS = 6;
/**
 * Trigram similarity only for words this long. In a shorter word one wrong
 * letter breaks too many of its few trigrams to pass the threshold anyway
 * ("drell" / "drill": 0.33 of 0.5, "camira" / "camera" and "kamera" /
 * "camera": 0.4; swaps are variants instead), and the index lookup (about
 * 1 ms, a search's whole budget: docs/performance.md) would pull in
 * hundreds of candidates for nothing.
 */
const TYPO_WORD_MIN_LENGTH = 7;
/** Typo variants only for words of this length: short words have too many real neighbours, long ones have trigrams. */
const VARIANT_LENGTH = { min: 4, max: 12 };
/**
 * Six-letter words, too short for trigram similarity, also get their
 * variants with one letter left out ("ladder" → "lader", "camerra" is
 * longer and has trigrams): an extra letter typed, or one missing from the
 * item's name. Shorter words would lose too much ("tent" → "ten…").
 */
const DELETION_LENGTH = { min: 6, max: TYPO_WORD_MIN_LENGTH - 1 };

/** `%`, `_` and `\` typed by the user are literal characters, not patterns. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Swapped neighbours ("drlil" → "drill"): the typo trigrams cannot see,
 * since a swap in a short word breaks most of its trigrams.
 */
function transpositions(word: string): string[] {
  const letters = [...word];
  if (letters.length < VARIANT_LENGTH.min || letters.length > VARIANT_LENGTH.max) return [];
  const variants = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i++) {
    const [first, second] = letters.slice(i, i + 2);
    if (first === second) continue;
    variants.add([...letters.slice(0, i), second, first, ...letters.slice(i + 2)].join(''));
  }
  variants.delete(word);
  return [...variants];
}

/** One letter left out, for six-letter words (see DELETION_LENGTH). */
function deletions(word: string): string[] {
  const letters = [...word];
  if (letters.length < DELETION_LENGTH.min || letters.length > DELETION_LENGTH.max) return [];
  const variants = new Set(letters.map((_, i) => [...letters.slice(0, i), ...letters.slice(i + 1)].join('')));
  variants.delete(word);
  return [...variants];
}

/** The words of a search: runs of letters and digits, lower-cased, at least two long, distinct. */
export function searchWords(input: string): string[] {
  const words =
    input
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => [...word].length >= MIN_WORD_LENGTH))].slice(0, MAX_WORDS);
}

/**
 * The search terms, or null when the input holds no word to rank by (e.g.
 * "%", "a", "+ -"): such input keeps the plain newest-first substring search.
 */
export function parseSearch(input: string): SearchTerms | null {
  const words = searchWords(input);
  if (words.length === 0) return null;
  const alternatives: SearchTerms['alternatives'] = { word: [], spelling: [], stem: [] };
  const add = (word: number, spelling: string, stem: boolean) => {
    alternatives.word.push(word);
    alternatives.spelling.push(spelling);
    alternatives.stem.push(stem);
  };
  words.forEach((word, index) => {
    add(index, word, true);
    for (const variant of new Set([...transpositions(word), ...deletions(word)])) add(index, variant, false);
  });
  const [only] = words;
  const typoWord = words.length === 1 && only && [...only].length >= TYPO_WORD_MIN_LENGTH ? only : null;
  return { typoWord, alternatives };
}
