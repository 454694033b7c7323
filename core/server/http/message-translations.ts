import { formatMessage } from '@core/shared/format-message';
import type { Language } from '@core/shared/runtime-config';

/**
 * Russian wording of the server's messages, by their English text. A `{name}` in the English
 * stands for any text (a name, a number) and is carried into the Russian where it says `{name}`.
 * The API speaks English by default; a caller whose Accept-Language prefers Russian gets these.
 */
export type RussianMessages = Readonly<Record<string, string>>;

interface Pattern {
  readonly english: RegExp;
  readonly russian: string;
}

const PLACEHOLDER = /\{(\w+)\}/g;

function compile(english: string, russian: string): Pattern {
  const source = english
    .split(PLACEHOLDER)
    .map((part, index) => (index % 2 === 1 ? `(?<${part}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return { english: new RegExp(`^${source}$`, 's'), russian };
}

/** Puts the server's English messages into the caller's language, where a translation is known. */
export class MessageTranslator {
  private readonly exact = new Map<string, string>();
  private readonly patterns: Pattern[] = [];

  constructor(catalogues: readonly RussianMessages[]) {
    for (const catalogue of catalogues) {
      for (const [english, russian] of Object.entries(catalogue)) {
        if (/\{\w+\}/.test(english)) this.patterns.push(compile(english, russian));
        else this.exact.set(english, russian);
      }
    }
  }

  /** The message in `language`; as it came when it is already there or no translation is known. */
  translate(message: string, language: Language): string {
    if (language !== 'ru') return message;
    const known = this.exact.get(message);
    if (known !== undefined) return known;
    for (const pattern of this.patterns) {
      const match = pattern.english.exec(message);
      if (match) return formatMessage(pattern.russian, match.groups);
    }
    return message;
  }
}
