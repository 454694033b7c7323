import type { ResourceDefinition } from '@core/shared/resource/definition';
import { usersService } from './auth/users-service';
import type { Database } from './database/database';
import { auditService, type DemoContext } from './plugin';
import { recordWriter } from './resource/record-writer';

/** What every plugin's `seedDemo` writes with: the engine's writer, and the first superadmin as the author. */
export async function demoContext(db: Database, resources: readonly ResourceDefinition[]): Promise<DemoContext> {
  return {
    records: recordWriter(db, resources),
    users: usersService,
    audit: auditService,
    author: { id: await usersService.firstSuperadmin(db), language: 'en' },
  };
}
