/*
 * The full report's countries are the alpha-2 codes its statistics rows carry (Keitaro's, an
 * import's, a postback's), not records of the kernel's country reference: the page and the report's
 * CSV name them in the reader's language (Intl.DisplayNames).
 */

/** One formatter per language: making one costs far more than asking it for a name. */
const regionNames = new Map<string, Intl.DisplayNames>();

function regionNamesIn(language: string): Intl.DisplayNames {
  let names = regionNames.get(language);
  if (!names) {
    // `fallback: 'code'` answers a code the browser has no name for with the code itself.
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    regionNames.set(language, names);
  }
  return names;
}

/** The name of an ISO 3166-1 alpha-2 code in `language`; the code itself when it is not one. */
export function countryName(code: string, language: string): string {
  try {
    return regionNamesIn(language).of(code) ?? code;
  } catch {
    // Intl refuses text that is not a region code at all (a malformed value): show it as it came.
    return code;
  }
}
