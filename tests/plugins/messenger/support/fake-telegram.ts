import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call the fake received: the method and the JSON it was sent. */
export interface FakeCall {
  readonly method: string;
  readonly params: Record<string, unknown>;
}

/**
 * A small local stand-in for the Telegram Bot API (https://core.telegram.org/bots/api), for tests
 * only: the documented methods the messenger plugin calls (getMe, setWebhook with secret_token,
 * deleteWebhook, getWebhookInfo, sendMessage) with their documented shapes, and the
 * `{ ok: false, error_code, description, parameters? }` envelope ("Making requests") for a wrong
 * token, a missing parameter, a chat the bot cannot write to, and flood control: 429 with
 * `parameters.retry_after` ("ResponseParameters"), the seconds to wait before repeating.
 */
export class FakeTelegram {
  /** The calls Telegram answered (flood control's refusals are in `flooded`). */
  readonly calls: FakeCall[] = [];
  /** The calls flood control refused with 429. */
  readonly flooded: FakeCall[] = [];
  private webhook = { url: '', secret: '' };
  private server: Server | null = null;
  /** A delivery error Telegram would report in getWebhookInfo, and the updates waiting. */
  lastError: { date: number; message: string } | null = null;
  pendingUpdates = 0;
  /** Chats the bot may write to (numbers, and public channels by `@username`); any other is refused as Telegram does. */
  readonly chats = new Set<number | string>([42, '@agency_news']);
  /** While true, every connection is dropped unanswered: Telegram cannot be reached. */
  offline = false;
  /** Flood control: the next `times` calls are refused with 429, asking to wait `retryAfter` seconds. */
  flood: { retryAfter: number; times: number } | null = null;

  constructor(readonly token: string) {}

  /** The base URL to hand the adapter. */
  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      if (this.offline) {
        request.socket.destroy();
        return;
      }
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const answer = this.answer(request.url ?? '', raw);
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    // fetch keeps connections alive; closing them lets the server stop at once.
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private refuse(status: number, description: string): { status: number; body: unknown } {
    return { status, body: { ok: false, error_code: status, description } };
  }

  private answer(url: string, raw: string): { status: number; body: unknown } {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url);
    if (!match) return this.refuse(404, 'Not Found');
    const [, token, method] = match as unknown as [string, string, string];
    if (token !== this.token) return this.refuse(401, 'Unauthorized');
    const params = raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>);
    // "Making requests" and "ResponseParameters": flood control answers 429 and names the wait.
    if (this.flood !== null && this.flood.times > 0) {
      this.flooded.push({ method, params });
      const { retryAfter } = this.flood;
      this.flood = this.flood.times > 1 ? { retryAfter, times: this.flood.times - 1 } : null;
      return {
        status: 429,
        body: {
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${retryAfter}`,
          parameters: { retry_after: retryAfter },
        },
      };
    }
    this.calls.push({ method, params });
    const ok = (result: unknown) => ({ status: 200, body: { ok: true, result } });
    switch (method) {
      // "getMe": the bot as a User.
      case 'getMe':
        return ok({ id: 7000000042, is_bot: true, first_name: 'Agency bot', username: 'agency_test_bot' });
      // "setWebhook": an HTTPS url, and the secret_token Telegram sends back with each update.
      case 'setWebhook': {
        if (typeof params.url !== 'string' || !params.url.startsWith('https://'))
          return this.refuse(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
        this.webhook = { url: params.url, secret: typeof params.secret_token === 'string' ? params.secret_token : '' };
        return ok(true);
      }
      // "deleteWebhook".
      case 'deleteWebhook':
        this.webhook = { url: '', secret: '' };
        return ok(true);
      // "getWebhookInfo": a WebhookInfo; the last error's fields only when there was one.
      case 'getWebhookInfo':
        return ok({
          url: this.webhook.url,
          has_custom_certificate: false,
          pending_update_count: this.pendingUpdates,
          ...(this.lastError
            ? { last_error_date: this.lastError.date, last_error_message: this.lastError.message }
            : {}),
        });
      // "sendMessage": chat_id (a number or @channelusername) and a non-empty text; the answer is the Message.
      case 'sendMessage': {
        const chat = params.chat_id;
        if ((typeof chat !== 'number' && typeof chat !== 'string') || !this.chats.has(chat))
          return this.refuse(400, 'Bad Request: chat not found');
        if (typeof params.text !== 'string' || params.text === '')
          return this.refuse(400, 'Bad Request: message text is empty');
        const resolved =
          typeof chat === 'number'
            ? { id: chat, type: 'private' }
            : { id: -1_001_234_567_890, type: 'channel', username: chat.slice(1) };
        return ok({ message_id: this.calls.length, date: 1_790_000_000, chat: resolved, text: params.text });
      }
      default:
        return this.refuse(404, 'Not Found: method not found');
    }
  }

  /** The messages sent, in order: where to and what. */
  get sent(): { chatId: unknown; text: unknown }[] {
    return this.calls
      .filter((call) => call.method === 'sendMessage')
      .map((call) => ({ chatId: call.params.chat_id, text: call.params.text }));
  }

  /** The secret Telegram would send in X-Telegram-Bot-Api-Secret-Token. */
  get webhookSecret(): string {
    return this.webhook.secret;
  }
}
