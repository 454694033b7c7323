import { GraphClient } from './graph-client';
import { readGraphConfig } from './graph-config';

/**
 * The adapter as the configuration places it, shared by the plugin's routes, jobs and resource
 * hooks. Hooks are declared with the plugin, before `register` hands over the configuration
 * (`context.settings`), so they hold this link and read the client when a write runs.
 */
export class GraphLink {
  private configured: GraphClient | null = null;

  /** Reads `pluginSettings.social` (graphApiBase, graphVersion); call first thing in `register`. */
  configure(settings: Readonly<Record<string, unknown>>): GraphClient {
    this.configured = new GraphClient(readGraphConfig(settings));
    return this.configured;
  }

  get client(): GraphClient {
    if (!this.configured) throw new Error('The Graph API adapter is used before the social plugin was registered.');
    return this.configured;
  }
}
