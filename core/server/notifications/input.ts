import { NOTIFICATION_SEVERITIES } from '@core/shared/notifications';
import type { BilingualText, NotificationInput, NotificationSource } from './types';

/** `<plugin>.<name>` in lower case, as job kinds are named. */
export const SOURCE_ID = /^[a-z][a-z0-9-]{1,31}\.[a-z0-9][a-z0-9.-]{0,62}$/;
export const MAX_TITLE_LENGTH = 200;
export const MAX_TEXT_LENGTH = 2000;
export const MAX_LINK_LENGTH = 500;
export const MAX_DEDUPE_KEY_LENGTH = 200;
/** The most users one publish names. */
export const MAX_USERS = 10_000;
// An app path: one leading slash (`//host` would leave the app), no spaces or backslashes.
const APP_PATH = /^\/(?!\/)[^\s\\]*$/;

/** Whether `link` is an app path a notification may open. */
export function isAppPath(link: string): boolean {
  return link.length <= MAX_LINK_LENGTH && APP_PATH.test(link);
}

function isText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.trim().length > 0 && value.length <= max;
}

function checkBilingual(value: unknown, what: string, max: number): BilingualText {
  const text = value as Partial<BilingualText> | null;
  if (typeof text !== 'object' || text === null || !isText(text.en, max) || !isText(text.ru, max)) {
    throw new TypeError(`A notification's ${what} needs "en" and "ru", each 1 to ${max} characters.`);
  }
  return { en: text.en, ru: text.ru };
}

/** A source as declared, checked. */
export function checkedSource(source: NotificationSource, plugin: string | undefined): NotificationSource {
  if (!SOURCE_ID.test(source.id))
    throw new Error(`Notification source "${source.id}" must be "<plugin>.<name>" in lower case.`);
  if (plugin !== undefined && !source.id.startsWith(`${plugin}.`))
    throw new Error(`Plugin "${plugin}" may declare only notification sources "${plugin}.<name>", not "${source.id}".`);
  return { id: source.id, label: checkBilingual(source.label, 'source label', 100) };
}

/** What a publish writes, checked; a TypeError says what is wrong. */
export interface CheckedInput {
  readonly source: string;
  readonly users: readonly number[] | null;
  /** The codes whose holders receive it, and how many of them a holder needs (1 for one code or anyOf). */
  readonly codes: readonly string[] | null;
  readonly codesNeeded: number;
  readonly title: BilingualText;
  readonly text: BilingualText | null;
  readonly link: string | null;
  readonly severity: NotificationInput['severity'] & string;
  readonly dedupeKey: string | null;
}

const isCode = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 100;

/** A code or an `{ anyOf }` / `{ allOf }` requirement as its codes and how many a holder needs; null when it is neither. */
function requirementCodes(value: unknown): { codes: string[]; needed: number } | null {
  if (isCode(value)) return { codes: [value], needed: 1 };
  if (typeof value !== 'object' || value === null) return null;
  const { anyOf, allOf } = value as { anyOf?: unknown; allOf?: unknown };
  const list = allOf ?? anyOf;
  if (
    (allOf === undefined) === (anyOf === undefined) ||
    !Array.isArray(list) ||
    list.length === 0 ||
    list.length > 20 ||
    !list.every(isCode)
  )
    return null;
  const codes = [...new Set(list)];
  return { codes, needed: allOf === undefined ? 1 : codes.length };
}

export function checkedInput(input: NotificationInput): CheckedInput {
  const to = input.to as { users?: unknown; code?: unknown } | null;
  let users: number[] | null = null;
  let holders: { codes: string[]; needed: number } | null = null;
  if (typeof to === 'object' && to !== null && Array.isArray(to.users)) {
    if (to.users.length > MAX_USERS || !to.users.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) {
      throw new TypeError(`A notification's "to.users" is a list of up to ${MAX_USERS} user ids.`);
    }
    users = [...new Set(to.users as number[])];
  } else {
    holders = typeof to === 'object' && to !== null ? requirementCodes(to.code) : null;
    if (holders === null)
      throw new TypeError(
        'A notification goes "to" { users: [ids] }, { code: "<code>" } or { code: { allOf | anyOf: ["<code>", …] } }.',
      );
  }
  const link = input.link ?? null;
  if (link !== null && (typeof link !== 'string' || !isAppPath(link))) {
    throw new TypeError(`A notification's link is an app path starting with "/", up to ${MAX_LINK_LENGTH} characters.`);
  }
  const severity = input.severity ?? 'info';
  if (!NOTIFICATION_SEVERITIES.includes(severity))
    throw new TypeError(`A notification's severity is one of ${NOTIFICATION_SEVERITIES.join(', ')}.`);
  const dedupeKey = input.dedupeKey ?? null;
  if (dedupeKey !== null && !isText(dedupeKey, MAX_DEDUPE_KEY_LENGTH))
    throw new TypeError(`A notification's dedupeKey is 1 to ${MAX_DEDUPE_KEY_LENGTH} characters.`);
  return {
    source: input.source,
    users,
    codes: holders?.codes ?? null,
    codesNeeded: holders?.needed ?? 0,
    title: checkBilingual(input.title, 'title', MAX_TITLE_LENGTH),
    text: input.text === undefined ? null : checkBilingual(input.text, 'text', MAX_TEXT_LENGTH),
    link,
    severity,
    dedupeKey,
  };
}
