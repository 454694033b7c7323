import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExternalPluginFile } from '@core/shared/external-plugin';
import { loadServerPart } from '@host/server/external-server-part';
import { pluginJson, writePlugin } from './external-plugins-support';

const root = mkdtempSync(join(tmpdir(), 'erp-external-translations-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("an external plugin's strings on the server", () => {
  it('are read from the files plugin.json names, so its exports are titled as its screens are', async () => {
    const json = pluginJson('glossary');
    const folder = writePlugin(root, 'glossary', json, {
      'web/i18n/en.json': '{"fields":{"term":"Term"}}',
      'web/i18n/ru.json': '{"fields":{"term":"Термин"}}',
    });
    const part = await loadServerPart(folder, json as unknown as ExternalPluginFile);
    expect(part.translations).toEqual({ en: { fields: { term: 'Term' } }, ru: { fields: { term: 'Термин' } } });
  });

  it('are left out when a file cannot be read, and the plugin still loads', async () => {
    const json = pluginJson('broken-strings');
    const folder = writePlugin(root, 'broken-strings', json, {
      'web/i18n/en.json': '{"fields":',
      'web/i18n/ru.json': '{}',
    });
    const part = await loadServerPart(folder, json as unknown as ExternalPluginFile);
    expect(part.manifest.id).toBe('broken-strings');
    expect(part.translations).toBeUndefined();
  });
});
