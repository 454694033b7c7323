import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DB_TIMEOUT, mintToken } from '@core/sdk/testing';
import type { PermissionCode } from '@core/sdk/shared';
import { MAX_ARCHIVE_BYTES } from '@plugins/system/server/whites';
import { basics, fieldErrors, inventoryApp, type InventoryApp } from '../rules/inventory-support';

/** Whites' archives (upload, download, their limits) and the critical sites whose domain or server is about to expire. */

// The plugin's clock: sites/expiring counts days from this day.
const NOW = new Date(2026, 2, 10, 12);

let t: InventoryApp;
beforeAll(async () => {
  t = await inventoryApp({ now: () => NOW, pluginSettings: { system: { expiryWarningDays: 10 } } });
}, DB_TIMEOUT);
afterAll(() => t.close());

/** A small zip: a local file header, then anything. */
const zip = (size = 64): Buffer => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(size - 4, 7)]);

function upload(
  id: number,
  body: Buffer | string,
  options: { name?: string; type?: string; codes?: readonly PermissionCode[] } = {},
): Promise<LightMyRequestResponse> {
  const query =
    options.name === undefined
      ? '?name=site.zip'
      : options.name === ''
        ? ''
        : `?name=${encodeURIComponent(options.name)}`;
  return t.app.server.inject({
    method: 'POST',
    url: `/api/system/whites/${id}/archive${query}`,
    headers: { ...bearer(mintToken(options.codes ?? ['YQ'])), 'content-type': options.type ?? 'application/zip' },
    payload: body,
  });
}

const download = (id: number, codes: readonly PermissionCode[] = ['YQ']) =>
  t.app.server.inject({ method: 'GET', url: `/api/system/whites/${id}/archive`, headers: bearer(mintToken(codes)) });

describe('white archives', () => {
  let white: number;
  beforeAll(async () => {
    white = await t.create('whites', { name: 'Recipes', source: 'url', url: 'https://whites.example/recipes/' });
  });

  it('stores an uploaded zip, makes the white an archive one with its name and size, and gives it back', async () => {
    const bytes = zip(1000);
    const answer = await upload(white, bytes, { name: 'рецепты v2.zip', type: 'application/octet-stream' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      id: white,
      source: 'archive',
      archive_name: 'рецепты v2.zip',
      archive_size: 1000,
    });

    const back = await download(white);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/zip');
    expect(back.headers['content-disposition']).toBe(
      `attachment; filename="_______ v2.zip"; filename*=UTF-8''${encodeURIComponent('рецепты v2.zip')}`,
    );
    expect(back.rawPayload.equals(bytes)).toBe(true);

    const history = (await t.call('GET', `whites/${white}/history`)).json().data as { action: string }[];
    expect(history[0]?.action).toBe('upload-archive');
  });

  it('replaces the archive on a second upload', async () => {
    const bytes = Buffer.concat([zip(10), Buffer.from('second')]);
    expect((await upload(white, bytes, { name: 'recipes.ZIP' })).json().data).toMatchObject({
      archive_name: 'recipes.ZIP',
      archive_size: 16,
    });
    expect((await download(white)).rawPayload.equals(bytes)).toBe(true);
  });

  it('takes up to 20 MB and refuses more with 413', async () => {
    const other = await t.create('whites', { name: 'Big', source: 'archive' });
    expect((await upload(other, zip(MAX_ARCHIVE_BYTES))).statusCode).toBe(200);
    const tooLarge = await upload(other, zip(MAX_ARCHIVE_BYTES + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('The archive is larger than 20 MB.');
  }, 60_000);

  it('refuses what is not a zip, a bad name, another body type, with clear messages', async () => {
    expect(fieldErrors(await upload(white, Buffer.from('%PDF-1.7 not a zip'))).archive).toEqual([
      'The file is not a zip archive.',
    ]);
    expect(fieldErrors(await upload(white, Buffer.alloc(0))).archive).toHaveLength(1);
    for (const name of [
      'site.tar.gz',
      '../site.zip',
      'a/b.zip',
      ' site.zip',
      'say "hi".zip',
      `${'x'.repeat(197)}.zip`,
    ]) {
      expect(fieldErrors(await upload(white, zip(), { name })).name, name).toHaveLength(1);
    }
    expect(fieldErrors(await upload(white, zip(), { name: '' })).name).toHaveLength(1);
    const json = await t.call(
      'POST',
      `whites/${white}/archive?name=site.zip`,
      { archive: 'UEsDBA==' },
      { codes: ['YQ'] },
    );
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(
      'Send the archive itself as the body, typed application/zip or application/octet-stream.',
    );
    // Nothing refused changed what was stored.
    expect((await t.call('GET', `whites/${white}`)).json().data).toMatchObject({
      archive_name: 'recipes.ZIP',
      archive_size: 16,
    });
  });

  it('answers 404 for a white that is gone or has no archive, 403 without YQ', async () => {
    const bare = await t.create('whites', { name: 'Bare', source: 'archive' });
    const none = await download(bare);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This white has no uploaded archive.');
    expect((await upload(999_999, zip())).statusCode).toBe(404);
    expect((await download(999_999)).statusCode).toBe(404);
    expect((await upload(white, zip(), { codes: ['YP', 'YD'] })).statusCode).toBe(403);
    expect((await download(white, ['YP', 'YD'])).statusCode).toBe(403);
    expect((await t.call('DELETE', `whites/${bare}`)).statusCode).toBe(200);
    expect((await upload(bare, zip())).statusCode).toBe(404);
  });
});

describe('critical sites expiring', () => {
  // Days relative to NOW (2026-03-10); the warning period is 10 days here.
  const day = (offset: number): string => {
    const date = new Date(2026, 2, 10 + offset);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  };

  it('lists critical sites whose domain or server ends within the period or has ended, soonest first', async () => {
    const { project, registrant } = await basics(t);
    const server = (name: string, offset: number) =>
      t.create('servers', { name, type: 'vps', status: 'active', expiry_date: day(offset) });
    const domain = (name: string, offset: number, serverId: number | null = null) =>
      t.create('domains', { name, project, domain_user: registrant, expiry_date: day(offset), server: serverId });
    const site = (domainId: number, values: Record<string, unknown> = {}) =>
      t.create('sites', { domain: domainId, critical: true, type: 'landing', ...values });

    const soon = await server('fra-soon', 3);
    const fine = await server('ams-fine', 200);
    const gone = await server('nyc-gone', -2);
    const a = await site(await domain('renew-me.example', 9), { server: fine });
    const b = await site(await domain('steady.example', 300), { server: soon });
    // No server of its own: its domain's server counts.
    const c = await site(await domain('old-domain.example', -5, gone));
    // Both ending: listed for each.
    const d = await site(await domain('both.example', 0), { server: soon });
    // Outside the period, or not critical, or deleted: not listed.
    await site(await domain('later.example', 11), { server: fine });
    await site(await domain('calm.example', 1), { server: soon, critical: false });
    const deleted = await site(await domain('deleted.example', 1));
    expect((await t.call('DELETE', `sites/${deleted}`)).statusCode).toBe(200);

    const answer = await t.call('GET', 'sites/expiring', undefined, { codes: ['YQ'] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      warning_days: 10,
      sites: [
        {
          site: c,
          domain: 'old-domain.example',
          server: 'nyc-gone',
          expiring: 'domain',
          expiry_date: day(-5),
          days_left: -5,
        },
        {
          site: c,
          domain: 'old-domain.example',
          server: 'nyc-gone',
          expiring: 'server',
          expiry_date: day(-2),
          days_left: -2,
        },
        { site: d, domain: 'both.example', server: 'fra-soon', expiring: 'domain', expiry_date: day(0), days_left: 0 },
        {
          site: b,
          domain: 'steady.example',
          server: 'fra-soon',
          expiring: 'server',
          expiry_date: day(3),
          days_left: 3,
        },
        { site: d, domain: 'both.example', server: 'fra-soon', expiring: 'server', expiry_date: day(3), days_left: 3 },
        {
          site: a,
          domain: 'renew-me.example',
          server: 'ams-fine',
          expiring: 'domain',
          expiry_date: day(9),
          days_left: 9,
        },
      ],
    });
  });

  it('answers 403 without YQ and refuses parameters it does not take', async () => {
    expect((await t.call('GET', 'sites/expiring', undefined, { codes: ['YD', 'YE'] })).statusCode).toBe(403);
    expect((await t.call('GET', 'sites/expiring?days=30', undefined, { codes: ['YQ'] })).statusCode).toBe(422);
  });
});
