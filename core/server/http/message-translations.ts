import {
  placeholderKinds,
  renderMessage,
  type MessageValueKind,
  type MessageValues,
} from '@core/shared/format-message';
import { localeFormat, type LocaleFormatOptions } from '@core/shared/format/locale-format';
import type { Language } from '@core/shared/runtime-config';

/**
 * Russian wording of the server's messages, by their English text. A `{name}` in the English
 * stands for any text (a name, a number) and is carried into the Russian where it says `{name}`;
 * a `{name:kind}` (`{day:date}`, `{total:money}`) is a value shown in the reader's own form, in
 * English too (11/29/26, $12,803.04). The API speaks English by default; a caller whose
 * Accept-Language prefers Russian gets these.
 */
export type RussianMessages = Readonly<Record<string, string>>;

interface Pattern {
  readonly english: RegExp;
  readonly key: string;
  readonly russian: string;
  readonly kinds: ReadonlyMap<string, MessageValueKind>;
}

const PLACEHOLDER = /\{(\w+)(?::\w+)?\}/g;

function compile(key: string, russian: string): Pattern {
  const source = key
    .split(PLACEHOLDER)
    .map((part, index) => (index % 2 === 1 ? `(?<${part}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return { english: new RegExp(`^${source}$`, 's'), key, russian, kinds: placeholderKinds(key) };
}

/** Puts the server's English messages into the caller's language, where a translation is known. */
export class MessageTranslator {
  private readonly exact = new Map<string, string>();
  private readonly patterns: Pattern[] = [];
  /** The patterns with a typed value: the only ones an English reader's message changes by. */
  private readonly typedPatterns: Pattern[] = [];
  private readonly russian = new Map<string, string>();

  constructor(catalogues: readonly RussianMessages[]) {
    for (const catalogue of catalogues) {
      for (const [english, russian] of Object.entries(catalogue)) {
        this.russian.set(english, russian);
        if (!/\{\w+(?::\w+)?\}/.test(english)) {
          this.exact.set(english, russian);
          continue;
        }
        const pattern = compile(english, russian);
        this.patterns.push(pattern);
        if (pattern.kinds.size > 0) this.typedPatterns.push(pattern);
      }
    }
  }

  /**
   * The message in `language`, its typed values (dates, amounts) in that language's forms and
   * `options.timeZone`; as it came when no translation is known.
   */
  translate(message: string, language: Language, options: LocaleFormatOptions = {}): string {
    if (language === 'ru') {
      const known = this.exact.get(message);
      if (known !== undefined) return known;
    }
    for (const pattern of language === 'ru' ? this.patterns : this.typedPatterns) {
      const match = pattern.english.exec(message);
      if (match)
        return renderMessage(
          language === 'ru' ? pattern.russian : pattern.key,
          match.groups ?? {},
          localeFormat(language, options),
          pattern.kinds,
        );
    }
    return message;
  }

  /** A message given as its key (the English template) and values, worded and formatted for `language`. */
  render(key: string, values: MessageValues, language: Language, options: LocaleFormatOptions = {}): string {
    const template = language === 'ru' ? (this.russian.get(key) ?? key) : key;
    return renderMessage(template, values, localeFormat(language, options), placeholderKinds(key));
  }
}
