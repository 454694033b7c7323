import { sep } from 'node:path';
import { rspack, type Chunk, type Compiler, type RspackPluginInstance } from '@rspack/core';
import { PLUGIN_CHUNKS_FILE, type PluginChunks } from '../core/server/http/plugin-chunks';

/** The plugin a module path lies in (`…/plugins/<id>/…`), or null for core, host and packages. */
function pluginOf(path: string | undefined, pluginsDir: string): string | null {
  if (!path?.startsWith(pluginsDir)) return null;
  const id = path.slice(pluginsDir.length).split(sep)[0];
  return id ? id : null;
}

/**
 * The one plugin whose code alone asks for this chunk: every chunk group holding it was opened by
 * an `import()` in that plugin's folder. A chunk any core, host or second plugin's code may load
 * belongs to none.
 */
function ownerOf(chunk: Chunk, pluginsDir: string): string | null {
  let owner: string | null = null;
  for (const group of chunk.groupsIterable) {
    if (group.origins.length === 0) return null;
    for (const origin of group.origins) {
      const plugin = pluginOf(origin.module?.nameForCondition(), pluginsDir);
      if (plugin === null || (owner !== null && owner !== plugin)) return null;
      owner = plugin;
    }
  }
  return owner;
}

/**
 * Writes `plugin-chunks.json` beside the built files: each plugin's chunk files (and their source
 * maps), so the server can refuse those of a plugin it does not run (core/server/http/plugin-chunks).
 */
export class PluginChunksManifest implements RspackPluginInstance {
  constructor(private readonly pluginsDir: string) {}

  apply(compiler: Compiler): void {
    const dir = this.pluginsDir.endsWith(sep) ? this.pluginsDir : `${this.pluginsDir}${sep}`;
    compiler.hooks.thisCompilation.tap('PluginChunksManifest', (compilation) => {
      // After the content hashes are final, so the names are those written to disk.
      compilation.hooks.processAssets.tap(
        { name: 'PluginChunksManifest', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const chunks: Record<string, string[]> = {};
          for (const chunk of compilation.chunks) {
            const owner = ownerOf(chunk, dir);
            if (owner === null) continue;
            (chunks[owner] ??= []).push(...chunk.files, ...chunk.auxiliaryFiles);
          }
          const manifest: PluginChunks = Object.fromEntries(
            Object.entries(chunks).map(([id, files]) => [id, [...new Set(files)].sort()]),
          );
          compilation.emitAsset(
            PLUGIN_CHUNKS_FILE,
            new rspack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`),
          );
        },
      );
    });
  }
}
