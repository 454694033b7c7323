// A page's notification stream as the browser opens it: a one-time ticket from an authenticated
// request, then `GET /api/notifications/stream?ticket=` read as server-sent events.
import { call, CheckFailure, expectData } from './http.mjs';

/** Splits an event-stream's text into `{ event, data }` records; returns them and the unfinished rest. */
function parseEvents(text) {
  const blocks = text.split('\n\n');
  const rest = blocks.pop();
  const events = [];
  for (const block of blocks) {
    let event = 'message';
    const data = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * Opens a stream on `base` for the holder of `token`: `{ events, waitFor(predicate, timeoutMs), close() }`,
 * `events` every event so far: `{ event, data (parsed JSON), at (when it arrived, epoch ms) }`.
 */
export async function openStream(base, token, what) {
  const { ticket } = await expectData(
    call(base, '/api/notifications/stream-ticket', { method: 'POST', token }),
    `a stream ticket for ${what}`,
    [200, 201],
  );
  const controller = new AbortController();
  const response = await fetch(`${base}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  });
  if (response.status !== 200)
    throw new CheckFailure(
      `the stream for ${what} answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
    );
  const events = [];
  const waiters = new Set();
  const decoder = new TextDecoder();
  let buffered = '';
  const reading = (async () => {
    try {
      for await (const chunk of response.body) {
        const { events: parsed, rest } = parseEvents(buffered + decoder.decode(chunk, { stream: true }));
        buffered = rest;
        for (const { event, data } of parsed) {
          events.push({ event, data: JSON.parse(data), at: Date.now() });
          for (const waiter of waiters) waiter();
        }
      }
    } catch {
      // Closed by close() or by the server; waiters time out on their own.
    }
  })();
  return {
    events,
    waitFor(predicate, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (found === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new CheckFailure(`the stream for ${what} got no such event within ${(timeoutMs / 1000).toFixed(0)} s`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
