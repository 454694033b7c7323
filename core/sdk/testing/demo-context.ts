import type { Database } from '@core/server/database/database';
import { demoContext as seedingContext } from '@core/server/demo-context';
import type { DemoContext, ServerPlugin } from '@core/server/plugin';
import { hooksMounted } from '@core/server/resource/hooks';
import { buildServer } from './test-server';

/**
 * What `seedDemo` writes with, for a test that seeds without a server of its own. Plugins register
 * their resources' hooks in `register`, so while a resource is not mounted yet a server with the
 * plugins is built and closed first: demo records get their computed fields as on a running server.
 */
export async function demoContext(db: Database, plugins: readonly ServerPlugin[]): Promise<DemoContext> {
  if (plugins.some((plugin) => (plugin.resources ?? []).some((definition) => !hooksMounted(definition)))) {
    const app = await buildServer({ db, plugins });
    await app.close();
  }
  return seedingContext(db, plugins);
}
