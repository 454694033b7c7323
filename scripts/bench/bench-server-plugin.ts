import { defineServerPlugin, type ServerPlugin } from '@core/server/plugin';
import { benchManifest, benchRecordsResource } from './bench-resource';

/** The bench resource on the server: nothing but the engine (no routes or hooks of its own). */
export const benchServerPlugin: ServerPlugin = defineServerPlugin({
  manifest: benchManifest,
  migrations: [],
  resources: [benchRecordsResource],
  register() {
    // Everything is the engine's.
  },
});
