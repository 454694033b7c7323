/**
 * The Telegram Bot API over HTTPS (https://core.telegram.org/bots/api): the methods the messenger
 * plugin uses, each a POST of JSON to `<baseUrl>/bot<token>/<method>` answering `{ ok, result }` or
 * `{ ok: false, error_code, description, parameters? }` ("Making requests"). The token is part of
 * every URL, so no error, log line or message here ever carries a URL: only the method's name.
 *
 * Flood control: Telegram refuses with 429 and says in `parameters.retry_after` ("ResponseParameters")
 * how many seconds to wait before the request can be repeated. The adapter waits and repeats once
 * when its caller allows that long a wait (`floodWait`); otherwise the refusal carries the wait.
 */

/** Telegram's own address; configuration may point elsewhere (a local Bot API server, a test fake). */
export const TELEGRAM_API_BASE = 'https://api.telegram.org';

/** How long one call may take before it counts as unreachable. */
const CALL_TIMEOUT_MS = 10_000;

/** `secret_token` of setWebhook: 1–256 characters of A–Z, a–z, 0–9, `_` and `-` (Bot API). */
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

/** The bot itself, as getMe describes it. */
export interface BotIdentity {
  readonly id: number;
  readonly isBot: boolean;
  readonly firstName: string;
  readonly username: string | null;
}

/** getWebhookInfo: where updates go and how delivering them went. */
export interface WebhookStatus {
  /** Empty when no webhook is set. */
  readonly url: string;
  readonly pendingUpdateCount: number;
  /** Unix time of the last delivery error, null when none. */
  readonly lastErrorDate: number | null;
  readonly lastErrorMessage: string | null;
}

export interface SentMessage {
  readonly messageId: number;
  readonly chatId: number;
}

/** Telegram answered, and refused (`ok: false`), or answered something that is not the Bot API. */
export class TelegramApiError extends Error {
  constructor(
    readonly method: string,
    readonly errorCode: number,
    readonly description: string,
    /** Flood control's `parameters.retry_after`: the seconds to wait before repeating; null when not given. */
    readonly retryAfter: number | null = null,
  ) {
    super(`Telegram refused ${method}: ${errorCode} ${description}`);
    this.name = 'TelegramApiError';
  }
}

/** The seconds Telegram asked to wait when `error` is its flood control's 429 naming them; else null. */
export function retryAfterOf(error: unknown): number | null {
  return error instanceof TelegramApiError && error.errorCode === 429 ? error.retryAfter : null;
}

/** Waits `ms` without holding the event loop; tests pass one that returns at once. */
export type Sleep = (ms: number) => Promise<void>;

export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The longest flood-control wait inside an HTTP request: the request holds its admission place
 * while it waits, so a longer wait is answered (or becomes a job) instead.
 */
export const REQUEST_FLOOD_WAIT_MS = 3_000;

/** The longest wait inside a job's attempt: far below an attempt's time limit (5 minutes by default). */
export const JOB_FLOOD_WAIT_MS = 60_000;

/** How long a caller lets the adapter wait for flood control before repeating a refused call once. */
export interface FloodWait {
  readonly maxWaitMs: number;
  readonly sleep: Sleep;
}

/** Telegram did not answer: no connection, a timeout. Nothing can be said about what happened there. */
export class TelegramUnreachableError extends Error {
  constructor(
    readonly method: string,
    /** What went wrong, without any address: `no connection`, `no answer within 10000 ms`. */
    readonly reason: string,
  ) {
    super(`Telegram could not be reached for ${method}: ${reason}`);
    this.name = 'TelegramUnreachableError';
  }
}

export interface BotApiOptions {
  readonly token: string;
  /** Default TELEGRAM_API_BASE. */
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  /** Absent: a 429 is thrown at once, its wait in the error. */
  readonly floodWait?: FloodWait;
}

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
type JsonObject = { readonly [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of `result` that must be there, typed; an answer without it is not the Bot API's. */
function field<T extends Json>(
  method: string,
  result: JsonObject,
  name: string,
  check: (value: Json | undefined) => value is T,
): T {
  const value = result[name];
  if (!check(value)) throw new TelegramApiError(method, 0, `the answer has no valid "${name}"`);
  return value;
}

const isNumber = (value: Json | undefined): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: Json | undefined): value is string => typeof value === 'string';
const isBoolean = (value: Json | undefined): value is boolean => typeof value === 'boolean';
const isRecord = (value: Json | undefined): value is JsonObject => isObject(value);

export class TelegramBotApi {
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: BotApiOptions) {
    this.base = (options.baseUrl ?? TELEGRAM_API_BASE).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
  }

  async getMe(): Promise<BotIdentity> {
    const result = await this.object('getMe', {});
    const username = result.username;
    return {
      id: field('getMe', result, 'id', isNumber),
      isBot: field('getMe', result, 'is_bot', isBoolean),
      firstName: field('getMe', result, 'first_name', isString),
      username: typeof username === 'string' ? username : null,
    };
  }

  /** Telegram sends updates to `url`, each with `secretToken` in X-Telegram-Bot-Api-Secret-Token. */
  async setWebhook(url: string, secretToken: string): Promise<void> {
    if (!SECRET_TOKEN.test(secretToken))
      throw new RangeError('a webhook secret is 1–256 characters of A–Z, a–z, 0–9, _ and -');
    await this.call('setWebhook', { url, secret_token: secretToken });
  }

  async deleteWebhook(): Promise<void> {
    await this.call('deleteWebhook', {});
  }

  async getWebhookInfo(): Promise<WebhookStatus> {
    const result = await this.object('getWebhookInfo', {});
    const date = result.last_error_date;
    const message = result.last_error_message;
    return {
      url: field('getWebhookInfo', result, 'url', isString),
      pendingUpdateCount: field('getWebhookInfo', result, 'pending_update_count', isNumber),
      lastErrorDate: typeof date === 'number' ? date : null,
      lastErrorMessage: typeof message === 'string' ? message : null,
    };
  }

  /** `chatId` is a chat's number, or a public channel's `@username`. */
  async sendMessage(chatId: number | string, text: string): Promise<SentMessage> {
    const result = await this.object('sendMessage', { chat_id: chatId, text });
    const chat = field('sendMessage', result, 'chat', isRecord);
    return {
      messageId: field('sendMessage', result, 'message_id', isNumber),
      chatId: field('sendMessage', chat, 'id', isNumber),
    };
  }

  private async object(method: string, params: JsonObject): Promise<JsonObject> {
    const result = await this.call(method, params);
    if (!isObject(result)) throw new TelegramApiError(method, 0, 'the answer has no result object');
    return result;
  }

  /** One call, repeated once after flood control's wait when the caller allows that long a wait. */
  private async call(method: string, params: JsonObject): Promise<Json> {
    try {
      return await this.send(method, params);
    } catch (error) {
      const seconds = retryAfterOf(error);
      const wait = this.options.floodWait;
      if (seconds === null || wait === undefined || seconds * 1000 > wait.maxWaitMs) throw error;
      await wait.sleep(seconds * 1000);
      return this.send(method, params);
    }
  }

  /** One request: its `result`, or a typed error that never names the URL (it holds the token). */
  private async send(method: string, params: JsonObject): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(`${this.base}/bot${this.options.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new TelegramUnreachableError(method, timedOut ? `no answer within ${this.timeoutMs} ms` : 'no connection');
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new TelegramApiError(method, response.status, 'the answer is not JSON');
    }
    if (!isObject(body) || typeof body.ok !== 'boolean')
      throw new TelegramApiError(method, response.status, 'the answer is not a Bot API envelope');
    if (!body.ok) {
      const code = isNumber(body.error_code) ? body.error_code : response.status;
      const retryAfter = isRecord(body.parameters) ? body.parameters.retry_after : undefined;
      throw new TelegramApiError(
        method,
        code,
        isString(body.description) ? body.description : 'no description',
        isNumber(retryAfter) && retryAfter >= 0 ? Math.ceil(retryAfter) : null,
      );
    }
    return body.result ?? null;
  }
}
