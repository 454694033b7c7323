import type { PluginInventory } from '@core/server/plugin';
import type { PluginManifest } from '@core/shared/manifest';
import type { PluginInventoryItem, PluginLoadState, PluginSource } from '@core/shared/plugin-inventory';
import { ConfigError, type PluginFailurePolicy } from './config';

/** Why a plugin did not start: `refused` (SDK range, id collision, missing dependency) or `failed` (anything broken). */
export type PluginSetback = Extract<PluginLoadState, 'failed' | 'refused'>;

/** What is known of a plugin's identity before it runs: all of it for a built-in one, what plugin.json said otherwise. */
export interface PluginFacts {
  readonly id: string;
  readonly version: string | null;
  readonly sdk: string | null;
  readonly titleKey: string | null;
}

interface Entry {
  readonly facts: PluginFacts;
  readonly source: PluginSource;
  readonly enabled: boolean;
  state: PluginLoadState;
  error: string | null;
}

/** A message as one line: start-up reports and ConfigError are read line by line. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

export function factsOf(manifest: PluginManifest): PluginFacts {
  return { id: manifest.id, version: manifest.version, sdk: manifest.sdk, titleKey: manifest.titleKey };
}

/**
 * Every plugin the host could run and how its loading went, kept up to date through start-up: the
 * Plugins screen reads it (`context.plugins.list()`), start-up reads which plugins still run. A
 * plugin that cannot start is reported here once: one log line under `continue`, a ConfigError
 * under `stop`.
 */
export class PluginInventoryBook implements PluginInventory {
  private readonly entries: Entry[] = [];

  constructor(
    private readonly policy: PluginFailurePolicy,
    /** Told each plugin left out, as one line. */
    private readonly warn: (line: string) => void,
  ) {}

  /** A built-in plugin: running once selected when enabled, else disabled. */
  addBuiltin(manifest: PluginManifest, enabled: boolean): void {
    this.entries.push({
      facts: factsOf(manifest),
      source: { kind: 'builtin' },
      enabled,
      state: enabled ? 'running' : 'disabled',
      error: null,
    });
  }

  /** A configured external folder; running until something says otherwise, or disabled. */
  addExternal(path: string, facts: PluginFacts, enabled: boolean): void {
    this.entries.push({
      facts,
      source: { kind: 'external', path },
      enabled,
      state: enabled ? 'running' : 'disabled',
      error: null,
    });
  }

  /** The configured folder at `path`. */
  private external(path: string): Entry {
    const entry = this.entries.find(
      (candidate) => candidate.source.kind === 'external' && candidate.source.path === path,
    );
    if (!entry) throw new Error(`no external plugin is configured at ${path}`);
    return entry;
  }

  /**
   * The external plugin at `path` does not start, for `reason`: it is marked `setback` and logged as
   * `External plugin "<id>" (<path>) not started: <reason>`; under `stop` that line is a ConfigError.
   */
  setBack(path: string, setback: PluginSetback, reason: string): void {
    const entry = this.external(path);
    const line = `External plugin "${entry.facts.id}" (${path}) not started: ${oneLine(reason)}`;
    if (this.policy === 'stop') throw new ConfigError(`${line} (onPluginFailure is "stop")`);
    entry.state = setback;
    entry.error = oneLine(reason);
    this.warn(line);
  }

  /** Whether the external plugin at `path` is still on its way to running. */
  isRunning(path: string): boolean {
    return this.external(path).state === 'running';
  }

  list(): readonly PluginInventoryItem[] {
    return this.entries.map(({ facts, source, enabled, state, error }) => ({
      ...facts,
      source,
      enabled,
      state,
      error,
    }));
  }
}
