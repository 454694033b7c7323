import { HttpError } from '../http/http-error';
import type { NotificationItem, StreamTicket } from '@core/shared/notifications';

/** What the stream tells its owner. */
export interface StreamListener {
  onNotification(item: NotificationItem): void;
  onUnread(unread: number): void;
  /** The stream opened again after a break (it sends the count itself): the newest may need reading afresh. */
  onReopen(): void;
}

/**
 * Waits before each new attempt after a failure, the last one repeating. Each is shortened by a
 * random part up to half, so the pages a stopped copy dropped do not all return in the same second.
 */
export const RECONNECT_DELAYS_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Refusals after which another attempt cannot help: no session (the client already tried a refresh),
 * no right, or a server without the notifications service.
 */
const FINAL_STATUSES: readonly number[] = [401, 403, 404];

function isFinal(error: unknown): boolean {
  return error instanceof HttpError && FINAL_STATUSES.includes(error.status);
}

function parse<T>(event: Event): T | null {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return null;
  try {
    return JSON.parse(event.data) as T;
  } catch {
    return null;
  }
}

/**
 * The live connection: EventSource cannot send the bearer token, so every connection opens with a
 * one-time ticket that an authenticated request obtained. For the same reason EventSource's own
 * reconnection (same URL, a used ticket) is never left to run: on an error the source is closed and
 * a fresh ticket is asked for after a back-off.
 */
export class NotificationStream {
  private source: EventSource | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private opened = false;
  /** Bumped by `stop`, so a ticket that arrives after it opens nothing. */
  private generation = 0;
  private running = false;

  constructor(
    private readonly ticket: () => Promise<StreamTicket>,
    private readonly urlOf: (ticket: string) => string,
    private readonly listener: StreamListener,
  ) {}

  /** Every browser the app supports has EventSource; without one the bell shows no count rather than failing. */
  static supported(): boolean {
    return typeof EventSource === 'function';
  }

  start(): void {
    if (this.running || !NotificationStream.supported()) return;
    this.running = true;
    void this.open();
  }

  stop(): void {
    this.running = false;
    this.generation += 1;
    clearTimeout(this.timer);
    this.source?.close();
    this.source = null;
    this.failures = 0;
    this.opened = false;
  }

  private async open(): Promise<void> {
    const generation = this.generation;
    let ticket: StreamTicket;
    try {
      ticket = await this.ticket();
    } catch (error) {
      if (generation !== this.generation) return;
      if (isFinal(error)) this.stop();
      else this.retryLater();
      return;
    }
    if (generation !== this.generation) return;
    const source = new EventSource(this.urlOf(ticket.ticket));
    this.source = source;
    source.addEventListener('open', () => {
      if (this.source !== source) return;
      this.failures = 0;
      if (this.opened) this.listener.onReopen();
      this.opened = true;
    });
    source.addEventListener('notification', (event) => {
      const item = parse<NotificationItem>(event);
      if (item && this.source === source) this.listener.onNotification(item);
    });
    source.addEventListener('unread', (event) => {
      const count = parse<{ unread?: unknown }>(event);
      if (typeof count?.unread === 'number' && this.source === source) this.listener.onUnread(count.unread);
    });
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      source.close();
      this.source = null;
      this.retryLater();
    });
  }

  private retryLater(): void {
    const base = RECONNECT_DELAYS_MS[Math.min(this.failures, RECONNECT_DELAYS_MS.length - 1)] ?? 30_000;
    this.failures += 1;
    // A break means a reopen: the count and the latest are read again once connected.
    this.opened = true;
    const delay = base - Math.random() * (base / 2);
    this.timer = setTimeout(() => {
      if (this.running) void this.open();
    }, delay);
  }
}
