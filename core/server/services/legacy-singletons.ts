/*
 * SDK 1.x names for what a plugin reached before `register` ran: the kernel's users and audit
 * services as globals, and row actions registered with the app and the database by hand. Kept for
 * 1.x plugins through the 2.x line; a 2.0 plugin uses its context.
 */
import type { FastifyInstance } from 'fastify';
import type { ResourceDefinition, RowAction } from '@core/shared/resource/definition';
import { usersService as kernelUsers, type UsersService } from '../auth/users-service';
import type { Database } from '../database/database';
import { kernelService } from '../database/plugin-handle';
import { auditService as kernelAudit, type AuditService } from '../plugin';
import { registerRowAction as kernelRowAction, type RowActionPerform } from '../resource/row-action';

// Called with a plugin's transaction, they read and write kernel tables as the kernel, as the context's do.

/** @deprecated Since SDK 2.0: `context.users` in `register`, `demo.users` in `seedDemo`. */
export const usersService: UsersService = kernelService(kernelUsers);

/** @deprecated Since SDK 2.0: `context.audit` in `register`, `demo.audit` in `seedDemo`. */
export const auditService: AuditService = kernelService(kernelAudit);

/** @deprecated Since SDK 2.0: `context.resources.rowAction(definition, action, perform)` in `register`. */
export function registerRowAction(
  app: FastifyInstance,
  db: Database,
  definition: ResourceDefinition,
  action: RowAction,
  perform: RowActionPerform,
): void {
  kernelRowAction(app, db, definition, action, perform);
}
