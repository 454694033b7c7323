import type { Language } from '../runtime-config';
import type { FieldIssue, InputIssues, IssueCode } from './validation';

type Template = (params: Readonly<Record<string, string | number>>) => string;

/**
 * Validation messages in both languages. They are written for a place under the input, so they
 * do not repeat the field's name; the server sends the same text in `errors.<field>`.
 */
const MESSAGES: Readonly<Record<Language, Readonly<Record<IssueCode, Template>>>> = {
  en: {
    required: () => 'This field is required.',
    unknown: () => 'This field is not known.',
    readOnly: () => 'This field cannot be changed.',
    type: () => 'This value has the wrong type.',
    minLength: (p) => `Enter at least ${p.min} characters.`,
    maxLength: (p) => `Enter at most ${p.max} characters.`,
    pattern: () => 'This value has the wrong format.',
    email: () => 'Invalid email. Please try again.',
    url: () => 'Enter an http or https address.',
    integer: () => 'Enter a whole number.',
    min: (p) => `The value must be at least ${p.min}.`,
    max: (p) => `The value must be at most ${p.max}.`,
    decimal: () => 'Enter a number such as 1234.56.',
    scale: (p) => `Use at most ${p.scale} digits after the point.`,
    currency: () => 'Choose a currency.',
    date: () => 'Enter a valid date.',
    datetime: () => 'Enter a valid date and time.',
    enum: () => 'Choose one of the offered values.',
    reference: () => 'Choose a record from the list.',
    entries: (p) => `Use at most ${p.max} entries.`,
    missingReference: () => 'The chosen record does not exist.',
    secretValue: () => 'Enter a value for every new key.',
    unique: () => 'This value is already taken.',
  },
  ru: {
    required: () => 'Это поле обязательно.',
    unknown: () => 'Неизвестное поле.',
    readOnly: () => 'Это поле нельзя изменить.',
    type: () => 'Значение неверного типа.',
    minLength: (p) => `Введите не меньше ${p.min} символов.`,
    maxLength: (p) => `Введите не больше ${p.max} символов.`,
    pattern: () => 'Значение в неверном формате.',
    email: () => 'Неверный адрес электронной почты. Попробуйте ещё раз.',
    url: () => 'Введите адрес http или https.',
    integer: () => 'Введите целое число.',
    min: (p) => `Значение должно быть не меньше ${p.min}.`,
    max: (p) => `Значение должно быть не больше ${p.max}.`,
    decimal: () => 'Введите число, например 1234,56.',
    scale: (p) => `Не больше ${p.scale} знаков после точки.`,
    currency: () => 'Выберите валюту.',
    date: () => 'Введите правильную дату.',
    datetime: () => 'Введите правильные дату и время.',
    enum: () => 'Выберите одно из предложенных значений.',
    reference: () => 'Выберите запись из списка.',
    entries: (p) => `Не больше ${p.max} записей.`,
    missingReference: () => 'Выбранная запись не существует.',
    secretValue: () => 'Введите значение для каждого нового ключа.',
    unique: () => 'Это значение уже занято.',
  },
};

export function issueMessage(issue: FieldIssue, language: Language): string {
  return MESSAGES[language][issue.code](issue.params ?? {});
}

/** The Laravel field-error shape: field → messages. */
export function issueMessages(issues: InputIssues, language: Language): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(issues).map(([field, list]) => [field, list.map((issue) => issueMessage(issue, language))]),
  );
}

/** The language a request asks for (`Accept-Language`), English unless Russian comes first. */
export function preferredLanguage(header: string | undefined): Language {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ru') ? 'ru' : 'en';
}
