import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Written beside the built web files by the build (scripts/plugin-chunks-manifest.ts). */
export const PLUGIN_CHUNKS_FILE = 'plugin-chunks.json';

/** Plugin id → the built files (relative to the web root) that only that plugin's code loads. */
export type PluginChunks = Readonly<Record<string, readonly string[]>>;

function isFileList(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

/**
 * The served paths (`/assets/…`) the server refuses: every chunk of a built plugin that is not
 * enabled (a disabled plugin's code is not the browser's to load), and the list itself. A build
 * without the list (a test's web root) refuses nothing else.
 */
export async function refusedWebFiles(webRoot: string, enabled: readonly string[]): Promise<ReadonlySet<string>> {
  const refused = new Set([`/${PLUGIN_CHUNKS_FILE}`]);
  let text: string;
  try {
    text = await readFile(join(webRoot, PLUGIN_CHUNKS_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return refused;
    throw error;
  }
  const chunks: unknown = JSON.parse(text);
  if (typeof chunks !== 'object' || chunks === null) return refused;
  for (const [plugin, files] of Object.entries(chunks)) {
    if (enabled.includes(plugin) || !isFileList(files)) continue;
    for (const file of files) refused.add(`/${file}`);
  }
  return refused;
}
