/** A service (or extension point) a plugin takes, and the enabled plugin that provides (or offers) it; null when none does. */
export interface TakenService {
  readonly id: string;
  readonly provider: string | null;
}

/**
 * A running plugin's services as the host resolved them at start-up (/config.json's `services`,
 * the Plugins screen): ids read `<plugin>.<name>`.
 */
export interface PluginServicesSummary {
  readonly provides: readonly string[];
  readonly offers: readonly string[];
  /** Required: each has its provider, which started first. */
  readonly requires: readonly TakenService[];
  /** Optional: wired once every plugin has started; provider null when no enabled plugin provides it. */
  readonly uses: readonly TakenService[];
  /** Extension points it fills, with their offerer. */
  readonly extends: readonly TakenService[];
}
