/** `total` is the Content-Length, or null when the server does not announce it. */
export type ProgressListener = (received: number, total: number | null) => void;

function contentLength(headers: Headers): number | null {
  const value = headers.get('Content-Length');
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/** Hears each piece of a body as it arrives, for progress in another unit than bytes (e.g. CSV rows). */
export type ChunkListener = (chunk: Uint8Array) => void;

/** Reads a response body chunk by chunk so a download can show how far along it is. */
export async function readBlob(
  response: Response,
  onProgress?: ProgressListener,
  onChunk?: ChunkListener,
): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? '';
  if (response.body === null) return new Blob([], { type });
  const total = contentLength(response.headers);
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onChunk?.(value);
    onProgress?.(received, total);
  }
  return new Blob(chunks, { type });
}
