import type { FastifyInstance } from 'fastify';
import type { FieldValue, ResourceRecord } from '@core/sdk/shared';
import { findRecord, type IdParams, type ServerPluginContext } from '@core/sdk/server';
import { transactionDraftsResource, transactionsResource } from '../../shared/resources';
import { ALREADY_CONVERTED_MESSAGE, lockDraftForConversion, transactionInputFromDraft } from './convert-draft';

/**
 * `POST transaction-drafts/{id}/convert` (FF and FT), the drafts' `convert` row action. The body
 * chooses what a draft does not know: `article_id` (required), and optionally `date_fact` (default:
 * the draft date), `date_plan`, `project_id`, `division_id`, `counterparty_id`, `employee_id`,
 * `comment` (and `version`, the draft's, checked when sent). In one database transaction the draft
 * is locked, the transaction is created through the engine (validated, USD amounts computed, the
 * wallet's balance moved, audited) with `transaction_draft_id`, and the draft gets
 * `transaction_id` (version bump, `convert` history entry). A converted draft answers 409, so a
 * draft is converted at most once even when two requests race. Answers the draft as a row action
 * does, `{ data: draft }`, with the new transaction beside its fields: `data.transaction`.
 */

const CONVERT_FIELDS = [
  'article_id',
  'date_fact',
  'date_plan',
  'project_id',
  'division_id',
  'counterparty_id',
  'employee_id',
  'comment',
] as const;

export function transactionRoutes(app: FastifyInstance, { db, records, routes }: ServerPluginContext): void {
  const { ID_PARAMS, actorOf, conflict, notFound, validationError, translated } = routes;
  const convert = transactionDraftsResource.rowActions?.find((action) => action.name === 'convert');
  if (!convert) throw new Error('finance.transaction_drafts declares no convert action');

  app.post<{ Params: IdParams }>(
    `/${transactionDraftsResource.path}/:id/${convert.endpoint}`,
    // The draft's optional fields are checked below against the fields a conversion may set.
    { config: { access: { requires: convert.requires }, input: 'handler' }, schema: { params: ID_PARAMS } },
    async (request) => {
      const actor = actorOf(request);
      const body =
        typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
          ? (request.body as Record<string, unknown>)
          : {};
      const unknown = Object.keys(body).filter(
        (key) => key !== 'version' && !(CONVERT_FIELDS as readonly string[]).includes(key),
      );
      if (unknown.length > 0)
        throw validationError(Object.fromEntries(unknown.map((key) => [key, ['This field is not allowed.']])));
      const version = body.version;
      if (version !== undefined && (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1)) {
        throw validationError({ version: ['The version must be a whole number.'] });
      }
      const chosen = Object.fromEntries(
        CONVERT_FIELDS.filter((key) => Object.hasOwn(body, key)).map((key) => [key, body[key]]),
      ) as Record<string, FieldValue>;
      return translated(transactionsResource, actor.language, () =>
        db.transaction(async (tx) => {
          const current = await findRecord(tx, transactionDraftsResource, request.params.id, { lock: true });
          if (!current) throw notFound();
          if (current.transaction_id !== null && current.transaction_id !== undefined)
            throw conflict(ALREADY_CONVERTED_MESSAGE);
          const draft = await lockDraftForConversion(tx, current.id);
          const values = records.readValues(
            transactionsResource,
            transactionInputFromDraft(draft, chosen),
            'create',
            actor.language,
          );
          const transaction = await records.createIn(
            tx,
            transactionsResource,
            { ...values, transaction_draft_id: draft.id },
            actor,
          );
          const linked = await records.changeIn(
            tx,
            transactionDraftsResource,
            draft.id,
            {
              action: convert.name,
              values: { transaction_id: transaction.id },
              version: typeof version === 'number' ? version : null,
            },
            actor,
          );
          return { data: { ...linked, transaction } as ResourceRecord & { transaction: ResourceRecord } };
        }),
      );
    },
  );
}
