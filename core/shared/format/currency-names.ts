import { LANGUAGES, type Language } from '../runtime-config';
import { FORMAT_LOCALES } from './locale-format';

/*
 * Currencies by name (ISO 4217, from the runtime's Intl.DisplayNames): the kernel keeps no table
 * of currencies, and a currency's name is only ever shown or searched, never stored.
 */

// One DisplayNames per language: making one costs far more than asking it for a name.
const displayNames = new Map<Language, Intl.DisplayNames>();

function namesIn(language: Language): Intl.DisplayNames {
  let names = displayNames.get(language);
  if (!names) {
    // `fallback: 'code'` answers a well-formed code Intl has no name for (BTC) with the code.
    names = new Intl.DisplayNames([FORMAT_LOCALES[language]], { type: 'currency', fallback: 'code' });
    displayNames.set(language, names);
  }
  return names;
}

/** The currency's name in `language` ("US Dollar", "доллар США"); the code itself when it has none (BTC, USDT). */
export function currencyName(code: string, language: Language): string {
  try {
    return namesIn(language).of(code) ?? code;
  } catch {
    // Intl refuses a code that is not three letters (USDT): the code is its only name.
    return code;
  }
}

/** Whether `text` finds the currency: part of its code, or of its name in any language, whatever the case. */
export function currencyMatches(code: string, text: string): boolean {
  const wanted = text.trim().toLocaleLowerCase();
  if (wanted === '') return true;
  return [code, ...LANGUAGES.map((language) => currencyName(code, language))].some((name) =>
    name.toLocaleLowerCase().includes(wanted),
  );
}
