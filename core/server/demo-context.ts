import { usersService } from './auth/users-service';
import type { Database } from './database/database';
import { auditService, type DemoContext, type ServerPlugin } from './plugin';
import { registerHooks } from './resource/hooks';
import { enabledResources } from './resource/mount';
import { recordWriter } from './resource/record-writer';

/**
 * What every enabled plugin's `seedDemo` writes with: the engine's writer, and the first
 * superadmin as the author. Seeding runs once the server has registered the plugins, whose
 * `register` adds their resources' hooks; a 1.x plugin's static `resourceHooks` are registered
 * here, so its demo records get their computed fields as any other write does.
 */
export async function demoContext(db: Database, plugins: readonly ServerPlugin[]): Promise<DemoContext> {
  const resources = enabledResources(plugins);
  for (const plugin of plugins) {
    for (const definition of plugin.resources ?? []) {
      const hooks = plugin.resourceHooks?.[definition.id];
      if (hooks) registerHooks(definition, hooks);
    }
  }
  return {
    records: recordWriter(db, resources),
    users: usersService,
    audit: auditService,
    author: { id: await usersService.firstSuperadmin(db), language: 'en' },
  };
}
