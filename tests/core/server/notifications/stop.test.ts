import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, DB_TIMEOUT, mintToken, TEST_SECRET } from '@core/sdk/testing';
import type { NotificationSummary } from '@core/shared/notifications';
import { loadConfig } from '@host/server/config';
import { startServer } from '@host/server/start-server';
import { openStream } from './support';

/*
 * The host: a demo start seeds the spec's sample notifications for the first superadmin, and a
 * stop (SIGTERM) ends the open streams first, so it does not wait the shutdown timeout for them.
 */

const PROJECT_DEFAULTS = fileURLToPath(new URL('../../../../host/erp.config.json', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'erp-notifications-stop-'));

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a server started with ERP_DEMO=1 and stopped with a stream open', () => {
  it(
    'shows the demo’s samples in the bell, and stops at once, ending the stream',
    async () => {
      const config = loadConfig(PROJECT_DEFAULTS, {
        ERP_DATA_DIR: join(root, 'data'),
        PORT: '0',
        HOST: '127.0.0.1',
        ERP_PLUGINS: '',
        ERP_JWT_SECRET: TEST_SECRET,
        ERP_SHUTDOWN_TIMEOUT_SECONDS: '30',
      });
      const server = await startServer({
        config,
        available: [],
        webRoot: null,
        logger: false,
        announce: () => undefined,
        demo: true,
      });
      const headers = { ...bearer(mintToken([], { sub: 1 })), 'accept-language': 'ru' };
      const summary = (await (await fetch(`${server.url}/api/notifications/summary`, { headers })).json()) as {
        data: NotificationSummary;
      };
      expect(summary.data.unread).toBe(4);
      expect(summary.data.latest.map((item) => [item.title, item.source_label])).toEqual([
        ['Новый пользователь', 'Примеры'],
        ['Поступил платёж', 'Примеры'],
        ['Сертификат скоро истекает', 'Примеры'],
        ['Недельный отчёт готов', 'Примеры'],
      ]);

      const ticket = (await (
        await fetch(`${server.url}/api/notifications/stream-ticket`, { method: 'POST', headers })
      ).json()) as { data: { ticket: string } };
      const stream = await openStream(
        `${server.url}/api/notifications/stream?ticket=${encodeURIComponent(ticket.data.ticket)}`,
      );
      expect(await stream.next('unread')).toEqual({ unread: 4 });
      const started = Date.now();
      const report = await server.stop();
      await stream.ended;
      expect(report.cut).toBe(0);
      expect(Date.now() - started).toBeLessThan(5000);
    },
    DB_TIMEOUT,
  );
});
