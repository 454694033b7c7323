/**
 * The command palette's search: which screens match what the user typed, best first. Pure, so
 * the ranking can be tested without a kernel.
 */

/** A screen the user may open, with its texts already translated. */
export interface PaletteScreen {
  /** Unique among the screens; also the base of the option's DOM id. */
  readonly id: string;
  readonly path: string;
  /** In the current language. */
  readonly label: string;
  /** The group's name in the current language. */
  readonly group: string;
  /** The same texts in other languages (the English label under a Russian UI), matched below the label. */
  readonly aliases?: readonly string[];
}

/**
 * Points per query term by where it matched. The label is what the user reads, so it beats the
 * group; the start of a word beats the middle of one; other-language texts come last.
 */
const SCORE = {
  labelFirstWordPrefix: 120,
  labelWordPrefix: 100,
  groupWordPrefix: 60,
  labelSubstring: 40,
  aliasWordPrefix: 30,
  groupSubstring: 20,
  aliasSubstring: 10,
} as const;

/** Bonus when the whole query starts the label, so "user li" puts "User list" above "List of users". */
const WHOLE_LABEL_PREFIX = 50;

/**
 * Lower case without diacritics, so "Cafe" finds "Café" and "елка" finds "Ёлка". Russian й is a
 * letter of its own rather than и with a mark, so it is kept.
 */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/(и\u0306)|\p{M}/gu, (_mark, shortI: string | undefined) => (shortI ? 'й' : ''));
}

function words(normalized: string): string[] {
  return normalized.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

interface SearchableText {
  readonly text: string;
  readonly words: readonly string[];
}

function searchable(text: string): SearchableText {
  const normalized = normalizeText(text);
  return { text: normalized, words: words(normalized) };
}

/** The best place one term matches, or 0 when it matches nowhere. */
function termScore(
  term: string,
  label: SearchableText,
  group: SearchableText,
  aliases: readonly SearchableText[],
): number {
  if (label.words[0]?.startsWith(term)) return SCORE.labelFirstWordPrefix;
  if (label.words.some((word) => word.startsWith(term))) return SCORE.labelWordPrefix;
  if (group.words.some((word) => word.startsWith(term))) return SCORE.groupWordPrefix;
  if (label.text.includes(term)) return SCORE.labelSubstring;
  if (aliases.some((alias) => alias.words.some((word) => word.startsWith(term)))) return SCORE.aliasWordPrefix;
  if (group.text.includes(term)) return SCORE.groupSubstring;
  if (aliases.some((alias) => alias.text.includes(term))) return SCORE.aliasSubstring;
  return 0;
}

/**
 * How well `screen` matches `query`: 0 when some term of the query matches none of its texts
 * (every term must match, as in a search box), higher is better.
 */
export function scoreScreen(screen: PaletteScreen, query: string): number {
  const terms = words(normalizeText(query));
  if (terms.length === 0) return 1;
  const label = searchable(screen.label);
  const group = searchable(screen.group);
  const aliases = (screen.aliases ?? []).map(searchable);
  let total = 0;
  for (const term of terms) {
    const score = termScore(term, label, group, aliases);
    if (score === 0) return 0;
    total += score;
  }
  if (label.words.join(' ').startsWith(terms.join(' '))) total += WHOLE_LABEL_PREFIX;
  return total;
}

/**
 * The screens matching `query`, best first; equal scores keep the given order (the sidebar's).
 * An empty query lists every screen.
 */
export function searchScreens<S extends PaletteScreen>(screens: readonly S[], query: string): S[] {
  return screens
    .map((screen, index) => ({ screen, index, score: scoreScreen(screen, query) }))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((candidate) => candidate.screen);
}
