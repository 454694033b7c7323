import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rspack, type Configuration, type MultiStats } from '@rspack/core';
import { remoteConfig, serverConfig } from '@core/sdk/plugin-kit/build-configs';
import { pluginFile, PluginProjectError, readPluginProject } from '@core/sdk/plugin-kit/plugin-project';

const root = resolve(import.meta.dirname, '../../..');
const example = join(root, 'examples/notes-plugin');

function build(configs: Configuration[]): Promise<MultiStats> {
  const compiler = rspack(configs);
  return new Promise((done, fail) => compiler.run((error, stats) => (error || !stats ? fail(error) : done(stats))));
}

describe('the plugin kit (erp-plugin)', () => {
  it('reads an external plugin from its folder: manifest, parts and strings, and says where they lie in plugin.json', async () => {
    const project = await readPluginProject(join(example, 'web'));
    expect(project.root).toBe(example);
    expect(project.manifest.id).toBe('notes');
    const file = pluginFile(project);
    expect(file.files).toEqual({
      server: 'server/index.js',
      web: { root: 'web', manifest: 'mf-manifest.json', container: 'erp_plugin_notes', expose: './plugin' },
      translations: { en: 'web/i18n/en.json', ru: 'web/i18n/ru.json' },
    });
    expect(file.pages.map((page) => page.path)).toEqual(['/notes', '/notes-overview']);
    expect(file.sdk).toBe('^2.1.0');
  });

  it('refuses a plugin missing a language of strings, saying which file', async () => {
    const copy = join(mkdtempSync(join(tmpdir(), 'plugin-kit-')), 'notes');
    try {
      cpSync(example, copy, {
        recursive: true,
        filter: (source) => !/node_modules|[\\/]dist\b/.test(source.slice(example.length)),
      });
      rmSync(join(copy, 'web/i18n/ru.json'));
      await expect(readPluginProject(copy)).rejects.toThrow(
        new PluginProjectError("web/i18n/ru.json is missing: every language needs the plugin's strings"),
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('fails the build of browser code that imports the kernel past the SDK, naming the import', async () => {
    const project = await readPluginProject(join(root, 'tests/fixtures/plugin-kit/kernel-import'));
    const dist = mkdtempSync(join(tmpdir(), 'plugin-kit-dist-'));
    try {
      const stats = await build([remoteConfig({ ...project, dist }, true)]);
      expect(stats.hasErrors()).toBe(true);
      expect(stats.toString({ all: false, errors: true })).toContain(
        '"@core/web/services/i18n-service" is not part of the plugin SDK: web code imports only @core/sdk/web and @core/sdk/shared',
      );
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  }, 60_000);

  it('builds the server part on the host SDK global and bundles nothing of the kernel', async () => {
    const project = await readPluginProject(example);
    const dist = mkdtempSync(join(tmpdir(), 'plugin-kit-dist-'));
    try {
      const stats = await build([serverConfig({ ...project, dist }, true)]);
      expect(stats.hasErrors()).toBe(false);
      const bundle = readFileSync(join(dist, 'server/index.js'), 'utf8');
      expect(bundle).toContain('global.__erpHostedSdk.server');
      // The kernel's own modules never ride along: only the plugin's files are in the bundle.
      expect(bundle).not.toMatch(/core[\\/]server[\\/]/);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  }, 60_000);
});
