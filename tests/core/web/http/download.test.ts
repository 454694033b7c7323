import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, createKernel, isRefresh, json, refreshAnswer, stubNetwork } from './support';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function chunked(chunks: readonly number[][], headers: Record<string, string>): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

describe('HttpClient.download', () => {
  it('returns the blob and reports increasing byte counts with the Content-Length total', async () => {
    const seen = stubNetwork(() =>
      chunked([[1, 2, 3], [4, 5], [6]], { 'Content-Type': 'text/csv', 'Content-Length': '6' }),
    );
    const { clients, toasts } = createKernel();
    const onProgress = vi.fn<(received: number, total: number | null) => void>();
    const blob = await clients.get('finance').download('reports/export', { onProgress, query: { year: 2024 } });
    expect(onProgress.mock.calls).toEqual([
      [3, 6],
      [5, 6],
      [6, 6],
    ]);
    expect(blob.size).toBe(6);
    expect(blob.type).toBe('text/csv');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seen[0]?.url).toBe('https://api.example/finance/reports/export?year=2024');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer old');
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('reports a null total without Content-Length', async () => {
    stubNetwork(() => chunked([[1], [2, 3]], {}));
    const onProgress = vi.fn<(received: number, total: number | null) => void>();
    await createKernel().clients.get('finance').download('file', { onProgress });
    expect(onProgress.mock.calls).toEqual([
      [1, null],
      [3, null],
    ]);
  });

  it('refreshes after a 401 and downloads with the new token', async () => {
    const seen = stubNetwork((request) => {
      if (isRefresh(request)) return refreshAnswer('new');
      return bearer(request) === 'new'
        ? chunked([[9, 9]], { 'Content-Length': '2' })
        : json(401, { message: 'Unauthenticated.' });
    });
    const blob = await createKernel().clients.get('finance').download('file');
    expect(blob.size).toBe(2);
    expect(seen.filter(isRefresh)).toHaveLength(1);
    expect(seen.filter((request) => !isRefresh(request)).map(bearer)).toEqual(['old', 'new']);
  });

  it('reads the JSON error of a failed download for its toast', async () => {
    stubNetwork(() => json(422, { errors: ['Period too long'] }));
    const { clients, toasts } = createKernel();
    await expect(clients.get('finance').download('file')).rejects.toMatchObject({
      status: 422,
      messages: ['Period too long'],
    });
    expect(toasts.error).toHaveBeenCalledExactlyOnceWith(['Period too long']);
  });
});
