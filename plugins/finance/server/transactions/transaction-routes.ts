import type { FastifyInstance } from 'fastify';
import type { Database } from '@core/server/database/database';
import { validationError } from '@core/server/http/api-error';
import { createRecordIn, readValues, registerRowAction } from '@core/server/resource';
import type { FieldValue } from '@core/shared/resource/field';
import { transactionDraftsResource, transactionsResource } from '../../shared/resources';
import { lockDraftForConversion, transactionInputFromDraft } from './convert-draft';

/**
 * `POST transaction-drafts/{id}/convert` (FF and FT): the draft's row action. The body chooses what
 * a draft does not know: `article_id` (required), and optionally `date_fact` (default: the draft
 * date), `date_plan`, `project_id`, `division_id`, `counterparty_id`, `employee_id`, `comment`.
 * The transaction is created through the engine (validated, USD amounts computed, the wallet's
 * balance moved, audited) and linked both ways in the same database transaction; a converted
 * draft answers 409. Answers `{ data: draft }` with `transaction_id` set, like every row action.
 */

const CONVERT_FIELDS = ['article_id', 'date_fact', 'date_plan', 'project_id', 'division_id', 'counterparty_id', 'employee_id', 'comment'] as const;

export function transactionRoutes(app: FastifyInstance, db: Database): void {
  const convert = transactionDraftsResource.rowActions?.find((action) => action.name === 'convert');
  if (!convert) throw new Error('finance.transaction_drafts declares no convert action');
  registerRowAction(app, db, transactionDraftsResource, convert, async ({ tx, record, request, actor }) => {
    const body = typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    const unknown = Object.keys(body).filter((key) => key !== 'version' && !(CONVERT_FIELDS as readonly string[]).includes(key));
    if (unknown.length > 0) throw validationError(Object.fromEntries(unknown.map((key) => [key, ['This field is not allowed.']])));
    const draft = await lockDraftForConversion(tx, record.id);
    const chosen = Object.fromEntries(CONVERT_FIELDS.filter((key) => Object.hasOwn(body, key)).map((key) => [key, body[key]])) as Record<string, FieldValue>;
    const values = readValues(transactionsResource, transactionInputFromDraft(draft, chosen), 'create', actor.language);
    const transaction = await createRecordIn(tx, transactionsResource, { ...values, transaction_draft_id: draft.id }, actor);
    return { transaction_id: transaction.id };
  });
}
