import { formatMessage } from '@core/sdk/shared';
import type { RussianMessages } from '@core/sdk/server';
import {
  KeitaroRefusedError,
  KeitaroUnauthorizedError,
  KeitaroUnreachableError,
  type KeitaroUnreachableReason,
} from './keitaro-api';

/*
 * Why a sync did not happen, in words that say what to do. The same text is stored on the row
 * (`sync_error`), is the push job's error, and is answered by the row action with its status.
 */

export const OFFER_WITHOUT_TRACKER =
  'The offer has no tracker: choose the tracker whose Keitaro server it is written to.';
export const TRACKER_WITHOUT_SERVER = 'Tracker {tracker} has no active Keitaro server: choose one on the tracker.';
export const SERVER_WITHOUT_KEY = 'Keitaro server {server} has no API key: set it in Keitaro servers.';
export const OFFER_WITHOUT_LANDING_URL = 'The offer has no landing URL: Keitaro needs it to send the clicks.';
export const OFFER_NOT_IN_KEITARO = "The stream's offer is not in Keitaro yet: sync the offer first.";
export const SYNC_IS_OFF = 'Sync is off for this record: turn it on and save first.';
export const KEY_REFUSED = 'Keitaro server {server} refused its API key (401): check the key in Keitaro servers.';
export const KEITARO_REFUSED = 'Keitaro refused it ({status}): {messages}';
export const KEITARO_FAILED = 'Keitaro failed ({status}): {messages}';
export const SYNC_FAILED_UNEXPECTEDLY =
  'The sync failed unexpectedly; nothing is known to be written to Keitaro. Try again.';
export const KEITARO_UNREACHABLE =
  'Keitaro server {server} could not be reached (no connection): nothing was confirmed there; try again later.';
export const KEITARO_TIMED_OUT =
  'Keitaro server {server} did not answer within {seconds} s: nothing was confirmed there; try again later.';
export const KEITARO_NOT_ITS_API =
  "Keitaro server {server} answered with something that is not Keitaro's API: nothing was confirmed there; check the server's address.";

/** The sync messages in Russian, for the plugin's `messages: { ru }`. */
export const KEITARO_SYNC_MESSAGES_RU: RussianMessages = {
  [OFFER_WITHOUT_TRACKER]: 'У оффера нет трекера: выберите трекер, на сервер Keitaro которого он записывается.',
  [TRACKER_WITHOUT_SERVER]: 'У трекера {tracker} нет активного сервера Keitaro: выберите его в трекере.',
  [SERVER_WITHOUT_KEY]: 'У сервера Keitaro {server} нет API-ключа: задайте его в разделе «Серверы Keitaro».',
  [OFFER_WITHOUT_LANDING_URL]: 'У оффера нет URL лендинга: он нужен Keitaro, чтобы отправлять клики.',
  [OFFER_NOT_IN_KEITARO]: 'Оффера этого потока ещё нет в Keitaro: сначала синхронизируйте оффер.',
  [SYNC_IS_OFF]: 'Синхронизация для этой записи выключена: включите её и сохраните запись.',
  [KEY_REFUSED]: 'Сервер Keitaro {server} не принял API-ключ (401): проверьте ключ в разделе «Серверы Keitaro».',
  [KEITARO_REFUSED]: 'Keitaro отклонил запрос ({status}): {messages}',
  [KEITARO_FAILED]: 'Ошибка Keitaro ({status}): {messages}',
  [SYNC_FAILED_UNEXPECTEDLY]:
    'Синхронизация неожиданно прервалась; неизвестно, записано ли что-то в Keitaro. Попробуйте ещё раз.',
  [KEITARO_UNREACHABLE]:
    'Не удалось связаться с сервером Keitaro {server} (нет соединения): там ничего не подтверждено; попробуйте позже.',
  [KEITARO_TIMED_OUT]:
    'Сервер Keitaro {server} не ответил за {seconds} с: там ничего не подтверждено; попробуйте позже.',
  [KEITARO_NOT_ITS_API]:
    'Сервер Keitaro {server} ответил не как API Keitaro: там ничего не подтверждено; проверьте адрес сервера.',
};

/** The row stores at most this much of a message (Keitaro's validation texts can run long). */
const STORED_MESSAGE_MAX = 1000;

/** What the row action answers for a failure: 503 not configured, 409 not possible yet, 422 refused, 502 not reached or failed. */
export type SyncFailureStatus = 409 | 422 | 502 | 503;

/** Each message's status: one per message, so the status of a failure stored on a row is known from its words. */
const STATUS_OF: ReadonlyMap<string, SyncFailureStatus> = new Map([
  [OFFER_WITHOUT_TRACKER, 503],
  [TRACKER_WITHOUT_SERVER, 503],
  [SERVER_WITHOUT_KEY, 503],
  [OFFER_WITHOUT_LANDING_URL, 422],
  [OFFER_NOT_IN_KEITARO, 409],
  [SYNC_IS_OFF, 409],
  [KEY_REFUSED, 422],
  [KEITARO_REFUSED, 422],
  [KEITARO_FAILED, 502],
  [SYNC_FAILED_UNEXPECTEDLY, 502],
  [KEITARO_UNREACHABLE, 502],
  [KEITARO_TIMED_OUT, 502],
  [KEITARO_NOT_ITS_API, 502],
]);

/** A message's start as a pattern: its placeholders match any text, and a message cut short still matches. */
const PATTERNS: readonly (readonly [RegExp, SyncFailureStatus])[] = [...STATUS_OF].map(([template, status]) => {
  const source = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*');
  return [new RegExp(`^${source}`), status];
});

/** A sync that did not happen: `message` goes on the row, `status` is what the row action answers. */
export class SyncFailure extends Error {
  readonly status: SyncFailureStatus;

  /** `template` is one of the messages above, `values` fill its placeholders. */
  constructor(template: string, values: Readonly<Record<string, string>> = {}) {
    const message = formatMessage(template, values);
    super(message.length > STORED_MESSAGE_MAX ? `${message.slice(0, STORED_MESSAGE_MAX - 1)}…` : message);
    this.name = 'SyncFailure';
    this.status = STATUS_OF.get(template) ?? 502;
  }
}

/** The row action's status for a failure message stored on a row (`sync_error`): 502 for words it does not know. */
export function failureStatus(message: string): SyncFailureStatus {
  return PATTERNS.find(([pattern]) => pattern.test(message))?.[1] ?? 502;
}

/** Each reason in words of its own, so none reaches a Russian reader in English inside a translated sentence. */
function unreachable(reason: KeitaroUnreachableReason, server: string): SyncFailure {
  switch (reason.kind) {
    case 'connection':
      return new SyncFailure(KEITARO_UNREACHABLE, { server });
    case 'timeout':
      return new SyncFailure(KEITARO_TIMED_OUT, { server, seconds: String(reason.ms / 1000) });
    case 'notItsApi':
      return new SyncFailure(KEITARO_NOT_ITS_API, { server });
  }
}

/**
 * The failure for an error of the Keitaro adapter: 422 when Keitaro refused the request (its key
 * or its validation), 502 when it could not be reached or failed itself. Anything else is not
 * Keitaro's and is rethrown.
 */
export function keitaroFailure(error: unknown, server: string): SyncFailure {
  if (error instanceof KeitaroUnauthorizedError) return new SyncFailure(KEY_REFUSED, { server });
  if (error instanceof KeitaroUnreachableError) return unreachable(error.reason, server);
  if (error instanceof KeitaroRefusedError) {
    return new SyncFailure(error.status < 500 ? KEITARO_REFUSED : KEITARO_FAILED, {
      status: String(error.status),
      messages: error.messages.join('; '),
    });
  }
  throw error;
}
