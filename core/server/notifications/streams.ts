import type { ServerResponse } from 'node:http';
import type { NotificationItem } from '@core/shared/notifications';
import type { Language } from '@core/shared/runtime-config';
import type { Queryable } from '../database/database';
import type { Announcement } from './fan-out';
import { itemOf, notificationsFor, unreadCounts } from './store';

/** Streams one user may hold open on one server (a few tabs). */
export const STREAMS_PER_USER = 3;
export const DEFAULT_MAX_STREAMS = 1000;
/** A comment this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

interface OpenStream {
  readonly userId: number;
  readonly language: Language;
  readonly response: ServerResponse;
}

/** Why a stream was not opened. */
export type StreamRefusal = 'user-cap' | 'total-cap' | 'closing';

export interface StreamOptions {
  readonly maxStreams: number;
  readonly heartbeatMs?: number;
  readonly log: { warn(object: object, message: string): void };
}

/**
 * The server-sent event streams this server holds, by user. A stream is one long response the
 * route hands over (`reply.hijack()`): it holds no admission place and no database connection;
 * each announcement costs one query for the rows of users with a stream here and one for their
 * unread counts.
 */
export class NotificationStreams {
  private readonly byUser = new Map<number, Set<OpenStream>>();
  private count = 0;
  private stopped = false;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly label: (source: string, language: Language) => string,
    private readonly options: StreamOptions,
  ) {}

  get size(): number {
    return this.count;
  }

  /** True once the server stops: no stream opens any more. */
  get closing(): boolean {
    return this.stopped;
  }

  /** Null when a stream of `userId` may open now, else why not. */
  refusal(userId: number): StreamRefusal | null {
    if (this.stopped) return 'closing';
    if (this.count >= this.options.maxStreams) return 'total-cap';
    if ((this.byUser.get(userId)?.size ?? 0) >= STREAMS_PER_USER) return 'user-cap';
    return null;
  }

  /**
   * Starts the event stream on `response` (call after `refusal` said null) and sends the unread
   * count. `headers` are those the request's hooks set (its x-request-id), kept beside the stream's own.
   */
  open(
    userId: number,
    language: Language,
    response: ServerResponse,
    unread: number,
    headers: Readonly<Record<string, string | number | string[] | undefined>> = {},
  ): void {
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) response.setHeader(name, value);
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      connection: 'keep-alive',
      // nginx and the like would otherwise hold events back in their buffers.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    // The client reconnects after this long (EventSource's retry) when the stream drops.
    response.write('retry: 5000\n\n');
    const stream: OpenStream = { userId, language, response };
    let streams = this.byUser.get(userId);
    if (!streams) {
      streams = new Set();
      this.byUser.set(userId, streams);
    }
    streams.add(stream);
    this.count++;
    response.once('close', () => this.forget(stream));
    this.send(stream, 'unread', { unread });
    this.heartbeat ??= setInterval(() => this.beat(), this.options.heartbeatMs ?? HEARTBEAT_MS).unref();
  }

  /** Pushes an announcement (from any copy) to the streams here it concerns. */
  async deliver(announcement: Announcement): Promise<void> {
    const users = [...this.byUser.keys()];
    if (users.length === 0) return;
    try {
      const touched = new Set<number>();
      if (announcement.kind === 'unread') {
        if (!this.byUser.has(announcement.userId)) return;
        touched.add(announcement.userId);
      } else {
        for (const row of await notificationsFor(this.db, announcement.ids, users)) {
          const userId = Number(row.user_id);
          touched.add(userId);
          for (const stream of this.byUser.get(userId) ?? [])
            this.send(stream, 'notification', itemOf(row, stream.language, this.label) satisfies NotificationItem);
        }
      }
      if (touched.size === 0) return;
      for (const [userId, unread] of await unreadCounts(this.db, [...touched])) {
        for (const stream of this.byUser.get(userId) ?? []) this.send(stream, 'unread', { unread });
      }
    } catch (error) {
      this.options.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'notification streams: delivery failed',
      );
    }
  }

  /** Ends every stream of the user (blocked or deleted). */
  closeUser(userId: number): void {
    for (const stream of this.byUser.get(userId) ?? []) stream.response.end();
  }

  /** Ends every stream and opens no more (the server stops): clients reconnect to another copy. */
  closeAll(): void {
    this.stopped = true;
    for (const streams of this.byUser.values()) for (const stream of streams) stream.response.end();
    this.stopHeartbeat();
  }

  /** The users with a stream here. */
  users(): number[] {
    return [...this.byUser.keys()];
  }

  private send(stream: OpenStream, event: string, data: unknown): void {
    if (!stream.response.writableEnded) stream.response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private beat(): void {
    for (const streams of this.byUser.values())
      for (const stream of streams) if (!stream.response.writableEnded) stream.response.write(': heartbeat\n\n');
  }

  private forget(stream: OpenStream): void {
    const streams = this.byUser.get(stream.userId);
    if (!streams?.delete(stream)) return;
    this.count--;
    if (streams.size === 0) this.byUser.delete(stream.userId);
    if (this.count === 0) this.stopHeartbeat();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
