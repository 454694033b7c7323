import { placeholderKinds, renderMessage, type MessageValues } from './format-message';
import { localeFormat, type LocaleFormatOptions } from './format/locale-format';
import type { LocalizedText } from './manifest';

/**
 * A message worded for every language at once, for what is stored once and read in either (a
 * notification): each language's template with `values` filled in, a `{name:kind}` value
 * (`{day:date}`, `{total:money}`) in that language's forms, as the English template types it, so
 * the Russian may write a plain `{day}`. Values travel in their canonical forms (`2026-11-29`,
 * `12803.04 USD`), as in formatMessage.
 */
export function messageInEachLanguage(
  templates: LocalizedText,
  values: MessageValues = {},
  options: LocaleFormatOptions = {},
): LocalizedText {
  const kinds = placeholderKinds(templates.en);
  return {
    en: renderMessage(templates.en, values, localeFormat('en', options), kinds),
    ru: renderMessage(templates.ru, values, localeFormat('ru', options), kinds),
  };
}
