import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { registerGraphVersionNotice } from '@plugins/social/server/graph/version-notice';

/*
 * The Graph version's notice as the plugin registers it, on a fixed clock: one warning logged at
 * start-up for an expired version, none for a current one, and `GET graph-version` answering the
 * warning in the caller's language.
 */

const NOV_29 = (): Date => new Date('2026-11-29T09:00:00Z');

async function noticeApp(version: string) {
  const app = Fastify({ logger: false });
  const warn = vi.spyOn(app.log, 'warn');
  registerGraphVersionNotice(app, version, NOV_29);
  await app.ready();
  return { app, warn };
}

describe('the Graph version notice', () => {
  it('logs one warning at start-up for an expired version and answers it in English and Russian', async () => {
    const { app, warn } = await noticeApp('v24.0');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toEqual([
      { plugin: 'social', graphVersion: 'v24.0' },
      'The Graph API version v24.0 expired on 2026-11-10: Meta no longer answers it. Set pluginSettings.social.graphVersion to v27.0.',
    ]);
    const en = await app.inject({ method: 'GET', url: '/graph-version' });
    expect(en.json()).toEqual({ data: { version: 'v24.0', warning: warn.mock.calls[0]![1] } });
    const ru = await app.inject({ method: 'GET', url: '/graph-version', headers: { 'accept-language': 'ru' } });
    expect(ru.json()).toEqual({
      data: {
        version: 'v24.0',
        warning:
          'Версия Graph API v24.0 истекла 2026-11-10: Meta на неё больше не отвечает. Укажите в pluginSettings.social.graphVersion версию v27.0.',
      },
    });
    expect(warn).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('logs nothing and answers no warning for the default version', async () => {
    const { app, warn } = await noticeApp('v27.0');
    expect(warn).not.toHaveBeenCalled();
    expect((await app.inject({ method: 'GET', url: '/graph-version' })).json()).toEqual({
      data: { version: 'v27.0', warning: null },
    });
    await app.close();
  });
});
