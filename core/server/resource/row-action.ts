import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { ResourceDefinition, ResourceRecord, RowAction } from '@core/shared/resource/definition';
import type { FieldValue } from '@core/shared/resource/field';
import type { Database, Queryable } from '../database/database';
import { asKernel, asPlugin, tableSchema } from '../database/plugin-handle';
import { ApiError, notFound, validationError } from '../http/api-error';
import { assertNoBody } from '../http/no-input';
import { translated } from './database-errors';
import { changeRecordIn, versionIssues, type Actor } from './mutations';
import { findRecord } from './records';
import { actorOf, ID_PARAMS, type IdParams } from './route-kit';

export { assertNoBody, NO_INPUT } from '../http/no-input';

export const ACTION_NOT_APPLICABLE = 'This action does not apply to the record in its current state.';
export interface RowActionContext {
  /** The transaction the action runs in: whatever it writes commits or rolls back with the record's change. */
  readonly tx: Queryable;
  /** The record as it was before the action (wire form), locked until the transaction ends. */
  readonly record: ResourceRecord;
  readonly request: FastifyRequest;
  readonly actor: Actor;
}

/**
 * What the action does. It returns the fields to store (read-only ones included: an action is
 * how those change), or nothing when it changes no field. Values are written as given, so they
 * must already have the field's wire shape (money as `{ amount, currency }`, decimals as strings).
 */
export type RowActionPerform = (context: RowActionContext) => Promise<Readonly<Record<string, FieldValue>> | void>;

/**
 * Registers `POST <path>/{id}/<endpoint>` for one of a definition's row actions (call it in the
 * plugin's `register`), with the engine's bookkeeping around the plugin's own logic: the action's
 * access code, 404 for a missing or deleted record, 409 when the record's state is not one `when`
 * allows (or, if the body carries `version`, when that is stale), the resource's hooks, a version
 * bump and an audit row named after the action, all in one transaction. Answers `{ data: record }` as it is afterwards.
 */
export function registerRowAction(
  app: FastifyInstance,
  db: Database,
  definition: ResourceDefinition,
  action: RowAction,
  perform: RowActionPerform,
): void {
  app.post<{ Params: IdParams }>(
    `/${definition.path}/:id/${action.endpoint}`,
    // A row action takes no input but the record's `version`, checked here rather than by the kernel's no-input rule.
    { config: { access: { requires: action.requires }, input: 'handler' }, schema: { params: ID_PARAMS } },
    async (request): Promise<DataEnvelope<ResourceRecord>> => {
      const actor = actorOf(request);
      const body = request.body;
      assertNoBody(body, ['version']);
      const sent = typeof body === 'object' && body !== null && 'version' in body ? versionIssues(body) : null;
      if (sent && sent.version === null) throw validationError({ version: ['The version must be a whole number.'] });
      const record = await translated(definition, actor.language, () =>
        asKernel(db).transaction(async (tx) => {
          const before = await findRecord(tx, definition, request.params.id, { lock: true });
          if (!before) throw notFound();
          if (
            action.when &&
            !action.when.values.includes((before[action.when.field] ?? null) as string | boolean | null)
          ) {
            throw new ApiError(409, ACTION_NOT_APPLICABLE);
          }
          const values =
            (await perform({ tx: asPlugin(tx, tableSchema(definition.table)), record: before, request, actor })) ?? {};
          return changeRecordIn(
            tx,
            definition,
            before.id,
            { action: action.name, values, version: sent?.version ?? null },
            actor,
          );
        }),
      );
      return { data: record };
    },
  );
}
