import type { FastifyInstance } from 'fastify';
import { addDecimals, type FieldValue, type Money, type ResourceRecord, type RowAction } from '@core/sdk/shared';
import {
  conflict,
  findRecord,
  type Actor,
  type IdParams,
  type Queryable,
  type RecordWriter,
  type ServerPluginContext,
} from '@core/sdk/server';
import { cardCorrectionsResource } from '../../shared/card-corrections';
import { lockWallets } from '../transactions/balances';
import { approvalValues, bookAdjustment } from './approve-action';
import { bookBalanceOn, negated } from './figures';
import { CORRECTION_MESSAGES, reversingComment } from './messages';

/**
 * `POST card-corrections/{id}/reverse` (FW and FT), the `reverse` row action, with `{ reason }`
 * (and optionally `version`, the original's). In one database transaction the original is locked
 * (only an approved correction that is not itself a reversal may be reversed: 409 otherwise, so a
 * correction is reversed at most once even when two requests race), then a new correction is
 * created and approved at once, on the original's wallet and date, with `reverses_id`, the opposite
 * difference and the opposite adjusting transaction (under the opposite article); the original
 * becomes `reversed` (`reverse` history entry). Answers the original as a row action does, with
 * the reversal beside its fields: `data.reversal`.
 */

interface ReverseBody {
  readonly reason: string;
  readonly version?: number;
}

const REVERSE_BODY = {
  type: 'object',
  required: ['reason'],
  additionalProperties: false,
  properties: { reason: { type: 'string', maxLength: 2000 }, version: { type: 'integer', minimum: 1 } },
} as const;

export function registerReverseAction(
  app: FastifyInstance,
  { db, records, routes }: ServerPluginContext,
  action: RowAction,
): void {
  const { ID_PARAMS, actorOf, notFound, validationError, translated } = routes;
  app.post<{ Params: IdParams; Body: ReverseBody }>(
    `/${cardCorrectionsResource.path}/:id/${action.endpoint}`,
    { config: { access: { requires: action.requires } }, schema: { params: ID_PARAMS, body: REVERSE_BODY } },
    async (request) => {
      const actor = actorOf(request);
      const reason = request.body.reason.trim();
      if (reason === '') throw validationError({ reason: [CORRECTION_MESSAGES.reasonRequired] });
      return translated(cardCorrectionsResource, actor.language, () =>
        db.transaction(async (tx) => {
          const original = await findRecord(tx, cardCorrectionsResource, request.params.id, { lock: true });
          if (!original) throw notFound();
          return { data: await reversalIn(tx, records, original, reason, actor, request.body.version ?? null) };
        }),
      );
    },
  );
}

/**
 * Reverses an approved correction (locked by the caller) in `tx`: the reversal created and
 * approved with the opposite transaction, the original marked reversed (its `version` checked
 * when given). Answers the original with the reversal beside its fields.
 */
export async function reversalIn(
  tx: Queryable,
  records: RecordWriter,
  original: ResourceRecord,
  reason: string,
  actor: Actor,
  version: number | null,
): Promise<ResourceRecord & { reversal: ResourceRecord }> {
  if (original.status !== 'approved') throw conflict(CORRECTION_MESSAGES.onlyApprovedReversible);
  if (original.reverses_id !== null && original.reverses_id !== undefined)
    throw conflict(CORRECTION_MESSAGES.reversalNotReversible);
  const walletId = original.wallet_id as number;
  const date = original.correction_date as string;
  const difference = original.difference as Money;
  await lockWallets(tx, [walletId]);
  // The reversal's statement is the books as they stand now plus the opposite difference, so
  // the figures the hooks compute on create agree: statement − books = −difference.
  const opposite: Money = { amount: negated(difference.amount), currency: difference.currency };
  const books = await bookBalanceOn(tx, walletId, date, difference.currency);
  const values: Record<string, FieldValue> = {
    wallet_id: walletId,
    correction_date: date,
    statement_balance: { amount: addDecimals(books.amount, opposite.amount), currency: difference.currency },
    reason,
    comment: null,
    reverses_id: original.id,
  };
  const created = await records.createIn(tx, cardCorrectionsResource, values, actor);
  const transactionId = await bookAdjustment(
    tx,
    records,
    {
      walletId,
      date,
      difference: opposite,
      correctionId: created.id,
      comment: reversingComment(created.id, original.id),
    },
    actor,
  );
  const reversal = await records.changeIn(
    tx,
    cardCorrectionsResource,
    created.id,
    { action: 'approve', values: approvalValues(actor, transactionId) },
    actor,
  );
  const reversed = await records.changeIn(
    tx,
    cardCorrectionsResource,
    original.id,
    { action: 'reverse', values: { status: 'reversed' }, version },
    actor,
  );
  return { ...reversed, reversal };
}
