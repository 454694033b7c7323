import type { FastifyInstance } from 'fastify';
import type { ResourceRecord, RowAction } from '@core/sdk/shared';
import {
  assertNoBody,
  findRecord,
  type Actor,
  type IdParams,
  type Queryable,
  type ServerPluginContext,
} from '@core/sdk/server';
import { MOTIVATION_MONTH_PATTERN, motivationSheetsResource } from '../../shared/motivation';
import type { ApprovalNotices } from '../approvals/approval-notices';
import type { PayCalculator } from '../pay/pay-calculator';
import { approveSheet } from './approve-sheet';
import { computeSheet } from './compute-sheet';
import { MOTIVATION_MESSAGES } from './messages';

/**
 * The motivation sheets' actions, each one database transaction around the locked sheet:
 * - `POST motivation-sheets/compute-month` `{ month }` (FE): the month's sheet made when it has
 *   none and computed, in one step (the screen's Compute); 409 once approved.
 * - `POST motivation-sheets/{id}/compute` (FE, no body): the draft sheet's lines computed again
 *   (./compute-sheet.ts), its total and `computed_at` set; 409 once approved.
 * - `POST motivation-sheets/{id}/approve` `{ wallet_id, version? }` (FE and FF): the payroll drafts
 *   created and linked (./approve-sheet.ts), then the sheet approved with the wallet, who and when;
 *   409 when already approved or never computed, 422 when the wallet is missing or has no rate.
 * Both answer `{ data: sheet }` as it is afterwards, as the engine's row actions do.
 */

interface ApproveBody {
  readonly wallet_id: number;
  readonly version?: number;
}

interface MonthBody {
  readonly month: string;
}

const MONTH_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['month'],
  properties: { month: { type: 'string', pattern: MOTIVATION_MONTH_PATTERN } },
} as const;

const APPROVE_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['wallet_id'],
  properties: { wallet_id: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 1 } },
} as const;

function rowAction(name: string): RowAction {
  const action = motivationSheetsResource.rowActions?.find((entry) => entry.name === name);
  if (!action) throw new Error(`finance.motivation_sheets declares no ${name} action`);
  return action;
}

export function motivationRoutes(
  app: FastifyInstance,
  { db, records, routes }: ServerPluginContext,
  calculator: PayCalculator,
  notices: ApprovalNotices,
): void {
  const { ID_PARAMS, actorOf, conflict, notFound, translated } = routes;
  const compute = rowAction('compute');
  const approve = rowAction('approve');

  /** The sheet locked for the rest of the transaction; 404 when missing, 409 once approved. */
  async function draftSheet(
    tx: Queryable,
    id: number,
    approvedMessage: string,
  ): Promise<ResourceRecord & { month: string }> {
    const sheet = await findRecord(tx, motivationSheetsResource, id, { lock: true });
    if (!sheet) throw notFound();
    if (sheet.status === 'approved') throw conflict(approvedMessage);
    return sheet as ResourceRecord & { month: string };
  }

  /** The draft sheet computed; a computed month waits for approval, so its approvers are told. */
  async function computed(tx: Queryable, sheet: { id: number; month: string }, actor: Actor): Promise<ResourceRecord> {
    const record = await computeSheet(tx, records, calculator, sheet, actor);
    await notices.monthComputed(tx, record);
    return record;
  }

  /** The id of the month's sheet, made first when the month has none (the engine's create, with its rules and audit). */
  async function sheetOfMonth(tx: Queryable, month: string, actor: Actor): Promise<number> {
    const { rows } = await tx.query<{ id: number }>(
      'SELECT id::int AS id FROM finance.motivation_sheets WHERE month = $1',
      [month],
    );
    const found = rows[0];
    if (found) return found.id;
    return (await records.createIn(tx, motivationSheetsResource, { month }, actor)).id;
  }

  app.post<{ Body: MonthBody }>(
    `/${motivationSheetsResource.path}/compute-month`,
    { config: { access: { requires: compute.requires } }, schema: { body: MONTH_BODY } },
    async (request) => {
      const actor = actorOf(request);
      return translated(motivationSheetsResource, actor.language, () =>
        db.transaction(async (tx) => {
          const id = await sheetOfMonth(tx, request.body.month, actor);
          const sheet = await draftSheet(tx, id, MOTIVATION_MESSAGES.approvedSheet);
          return { data: await computed(tx, sheet, actor) };
        }),
      );
    },
  );

  app.post<{ Params: IdParams }>(
    `/${motivationSheetsResource.path}/:id/${compute.endpoint}`,
    { config: { access: { requires: compute.requires } }, schema: { params: ID_PARAMS } },
    async (request) => {
      assertNoBody(request.body);
      const actor = actorOf(request);
      return translated(motivationSheetsResource, actor.language, () =>
        db.transaction(async (tx) => {
          const sheet = await draftSheet(tx, request.params.id, MOTIVATION_MESSAGES.approvedSheet);
          return { data: await computed(tx, sheet, actor) };
        }),
      );
    },
  );

  app.post<{ Params: IdParams; Body: ApproveBody }>(
    `/${motivationSheetsResource.path}/:id/${approve.endpoint}`,
    { config: { access: { requires: approve.requires } }, schema: { params: ID_PARAMS, body: APPROVE_BODY } },
    async (request) => {
      const actor = actorOf(request);
      const { wallet_id: walletId, version } = request.body;
      return translated(motivationSheetsResource, actor.language, () =>
        db.transaction(async (tx) => {
          const sheet = await draftSheet(tx, request.params.id, MOTIVATION_MESSAGES.alreadyApproved);
          if (sheet.computed_at === null || sheet.computed_at === undefined)
            throw conflict(MOTIVATION_MESSAGES.notComputed);
          return { data: await approveSheet(tx, records, sheet, walletId, actor, version ?? null) };
        }),
      );
    },
  );
}
