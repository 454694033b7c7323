import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { unreachableDatabase } from '@core/sdk/testing';
import { NotificationStreams } from '@core/server/notifications';
import { parseAnnouncement } from '@core/server/notifications/fan-out';

/* The streams' bookkeeping without a server: caps, heartbeats, ending them; and the NOTIFY payloads. */

class FakeResponse extends EventEmitter {
  readonly chunks: string[] = [];
  readonly headers: Record<string, unknown> = {};
  writableEnded = false;
  setHeader(name: string, value: unknown): void {
    this.headers[name] = value;
  }
  writeHead(_status: number, headers: Record<string, unknown>): this {
    Object.assign(this.headers, headers);
    return this;
  }
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return true;
  }
  end(): void {
    this.writableEnded = true;
    this.emit('close');
  }
}

const streamsWith = (maxStreams: number, heartbeatMs?: number) =>
  new NotificationStreams(unreachableDatabase(), (source) => source, {
    maxStreams,
    heartbeatMs,
    log: { warn: () => undefined },
  });
const open = (streams: NotificationStreams, userId: number): FakeResponse => {
  const response = new FakeResponse();
  streams.open(userId, 'en', response as unknown as ServerResponse, 2, { 'x-request-id': 'abc123' });
  return response;
};

describe('NotificationStreams', () => {
  it('holds 3 streams per user and maxStreams in all, and frees a place when a stream closes', () => {
    const streams = streamsWith(4);
    const first = [open(streams, 1), open(streams, 1), open(streams, 1)];
    expect(streams.refusal(1)).toBe('user-cap');
    expect(streams.refusal(2)).toBeNull();
    open(streams, 2);
    expect(streams.refusal(3)).toBe('total-cap');
    first[0]!.end();
    expect(streams.refusal(1)).toBeNull();
    expect(streams.size).toBe(3);
    streams.closeAll();
  });

  it('starts with the unread count and the request’s headers, and sends a heartbeat comment', async () => {
    const streams = streamsWith(10, 20);
    const response = open(streams, 1);
    expect(response.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'x-request-id': 'abc123',
    });
    expect(response.chunks).toContain('event: unread\ndata: {"unread":2}\n\n');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(response.chunks).toContain(': heartbeat\n\n');
    streams.closeAll();
  });

  it('ends a user’s streams, and every stream on closeAll, after which none opens', () => {
    const streams = streamsWith(10);
    const [mine, theirs] = [open(streams, 1), open(streams, 2)];
    streams.closeUser(1);
    expect([mine.writableEnded, theirs.writableEnded]).toEqual([true, false]);
    streams.closeAll();
    expect(theirs.writableEnded).toBe(true);
    expect(streams.closing).toBe(true);
    expect(streams.refusal(3)).toBe('closing');
  });
});

describe('announcements', () => {
  it('reads back new ids and unread changes, and nothing else', () => {
    expect(parseAnnouncement('n:1,2,30')).toEqual({ kind: 'new', ids: [1, 2, 30] });
    expect(parseAnnouncement('u:7')).toEqual({ kind: 'unread', userId: 7 });
    for (const other of ['', 'n:', 'n:1,x', 'u:0', 'hello']) expect(parseAnnouncement(other)).toBeNull();
  });
});
