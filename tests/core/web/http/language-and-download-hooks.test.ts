import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpClients } from '@core/web/http/http-clients';
import { I18nService } from '@core/web/services/i18n-service';
import { createTestKernel, testUser } from '../../../support/web/test-kernel';
import { jsonResponse, stubFetch } from '../../../support/web/fetch';
import { createKernel, stubNetwork } from './support';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Accept-Language', () => {
  it('carries the language the user reads on every request, following a change', async () => {
    const seen = stubFetch(() => jsonResponse(200, { data: {} }));
    const kernel = await createTestKernel({ user: testUser(), language: 'ru' });
    const client = kernel.get(HttpClients).get('finance');
    await client.get('wallets');
    await kernel.get(I18nService).setLanguage('en');
    await client.post('wallets', { name: 'Main' });
    expect(seen.map((request) => request.headers.get('Accept-Language'))).toEqual(['ru', 'en']);
  });

  it('lets a caller ask for another language', async () => {
    const seen = stubFetch(() => jsonResponse(200, {}));
    const kernel = await createTestKernel({ language: 'ru' });
    await kernel
      .get(HttpClients)
      .get('finance')
      .get('wallets', { headers: { 'Accept-Language': 'en' } });
    expect(seen[0]?.headers.get('Accept-Language')).toBe('en');
  });

  it('is left out when the client is given no language', async () => {
    const seen = stubNetwork(() => new Response('{}', { status: 200 }));
    await createKernel().clients.get('finance').get('wallets');
    expect(seen[0]?.headers.has('Accept-Language')).toBe(false);
  });
});

describe('X-Time-Zone', () => {
  it("carries the browser's IANA zone, so an export shows the user's times", async () => {
    const seen = stubNetwork(() => new Response('{}', { status: 200 }));
    await createKernel().clients.get('finance').get('wallets');
    expect(seen[0]?.headers.get('X-Time-Zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('HttpClient.download hooks', () => {
  it('hands over the headers before the body, then every chunk as it arrives', async () => {
    const events: string[] = [];
    stubNetwork(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('a,b\n'));
              controller.enqueue(new TextEncoder().encode('1,2\n'));
              controller.close();
            },
          }),
          { status: 200, headers: { 'X-Total-Count': '1' } },
        ),
    );
    await createKernel()
      .clients.get('finance')
      .download('wallets/export.csv', {
        onHeaders: (headers) => events.push(`headers ${headers.get('X-Total-Count')}`),
        onChunk: (chunk) => events.push(`chunk ${new TextDecoder().decode(chunk).trim()}`),
        onProgress: (received) => events.push(`progress ${received}`),
      });
    expect(events).toEqual(['headers 1', 'chunk a,b', 'progress 4', 'chunk 1,2', 'progress 8']);
  });
});
