import { GraphClient } from './graph-client';
import { readGraphConfig } from './graph-config';
import { sleepFor, type Sleep } from './sleep';

/**
 * The adapter as the configuration places it, shared by the plugin's routes, jobs and resource
 * hooks. Hooks are declared with the plugin, before `register` hands over the configuration
 * (`context.settings`), so they hold this link and read the client when a write runs.
 */
export class GraphLink {
  private configured: GraphClient | null = null;

  /** `sleep`: how the adapter waits (usage pacing, report-run polls); tests stand a recording one in. */
  constructor(private readonly sleep: Sleep = sleepFor) {}

  /** Reads `pluginSettings.social` (graphApiBase, graphVersion); call first thing in `register`. */
  configure(settings: Readonly<Record<string, unknown>>): GraphClient {
    this.configured = new GraphClient(readGraphConfig(settings), this.sleep);
    return this.configured;
  }

  get client(): GraphClient {
    if (!this.configured) throw new Error('The Graph API adapter is used before the social plugin was registered.');
    return this.configured;
  }
}
