import {
  messageInEachLanguage,
  recordPagePath,
  type Money,
  type PermissionRequirement,
  type ResourceRecord,
} from '@core/sdk/shared';
import type { AfterWriteContext, Queryable, ServerPluginContext } from '@core/sdk/server';
import { financeManifest } from '../../manifest';
import { BASE_CURRENCY } from '../../shared/currencies';
import { cardCorrectionsResource } from '../../shared/card-corrections';
import { motivationSheetsResource } from '../../shared/motivation';

/*
 * Approvals waiting: a card correction recorded open, and a month's motivation computed, each tell
 * the people who may approve it (the approve action's codes), in the transaction that made it
 * wait. One notice per record and state: editing an open correction or recomputing a month does
 * not tell them again.
 */

export const CORRECTION_APPROVALS = 'finance.card-correction-approvals';
export const MOTIVATION_APPROVALS = 'finance.motivation-approvals';

const CORRECTION_TITLE = {
  en: 'Card correction waits for approval: {wallet}, {difference:money}',
  ru: 'Корректировка карты ждёт утверждения: {wallet}, {difference:money}',
};
const CORRECTION_TEXT = {
  en: 'The statement of {date:date} shows {statement:money}; the books show {books:money}.',
  ru: 'Выписка на {date:date}: {statement:money}; по учёту: {books:money}.',
};
const MOTIVATION_TITLE = {
  en: 'Motivation for {month:month} waits for approval: {total:money}',
  ru: 'Мотивация за {month:month} ждёт утверждения: {total:money}',
};
const MOTIVATION_TEXT = {
  en: 'Employees computed: {count:number}. Approving the month makes their payroll drafts.',
  ru: 'Рассчитано сотрудников: {count:number}. Утверждение создаст черновики выплат.',
};

/** A money field's value in its canonical message form, `12803.04 USD`. */
const moneyValue = (value: unknown): string => {
  const money = value as Money | null;
  return money && typeof money.amount === 'string' ? `${money.amount} ${money.currency}` : '';
};

/** Who may approve: the approve action's codes. */
function approversOf(
  resource: typeof cardCorrectionsResource | typeof motivationSheetsResource,
): PermissionRequirement {
  const approve = resource.rowActions?.find((action) => action.name === 'approve');
  if (!approve) throw new Error(`${resource.id} declares no approve action`);
  return approve.requires;
}

export interface ApprovalNotices {
  /** The engine's afterWrite of card corrections: a correction recorded open (a reversal is approved at once, so never). */
  correctionWritten(context: AfterWriteContext): Promise<void>;
  /** After a month's sheet was computed, in the computing transaction. */
  monthComputed(tx: Queryable, sheet: ResourceRecord): Promise<void>;
}

/** Declares both sources (call in `register`) and answers the places that make an approval wait. */
export function approvalNotices({ notifications }: Pick<ServerPluginContext, 'notifications'>): ApprovalNotices {
  notifications.source({
    id: CORRECTION_APPROVALS,
    label: { en: 'Card corrections waiting for approval', ru: 'Корректировки карт на утверждение' },
  });
  notifications.source({
    id: MOTIVATION_APPROVALS,
    label: { en: 'Motivation months waiting for approval', ru: 'Мотивация за месяц на утверждение' },
  });
  return {
    async correctionWritten({ tx, action, id, after }) {
      if (
        action !== 'create' ||
        after?.status !== 'open' ||
        (after.reverses_id !== null && after.reverses_id !== undefined)
      )
        return;
      const { rows } = await tx.query<{ name: string }>('SELECT name FROM finance.wallets WHERE id = $1', [
        after.wallet_id,
      ]);
      const values = {
        wallet: rows[0]?.name ?? '',
        difference: moneyValue(after.difference),
        statement: moneyValue(after.statement_balance),
        books: moneyValue(after.book_balance),
        date: String(after.correction_date),
      };
      await notifications.publish(tx, {
        source: CORRECTION_APPROVALS,
        to: { code: approversOf(cardCorrectionsResource) },
        title: messageInEachLanguage(CORRECTION_TITLE, values),
        text: messageInEachLanguage(CORRECTION_TEXT, values),
        link: recordPagePath(financeManifest, cardCorrectionsResource.id, id),
        severity: 'info',
        dedupeKey: `${cardCorrectionsResource.id}:${id}:open`,
      });
    },
    async monthComputed(tx, sheet) {
      const { rows } = await tx.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM finance.motivation_lines WHERE sheet_id = $1',
        [sheet.id],
      );
      const values = {
        month: String(sheet.month),
        total: `${String(sheet.total_usd)} ${BASE_CURRENCY}`,
        count: rows[0]?.count ?? 0,
      };
      await notifications.publish(tx, {
        source: MOTIVATION_APPROVALS,
        to: { code: approversOf(motivationSheetsResource) },
        title: messageInEachLanguage(MOTIVATION_TITLE, values),
        text: messageInEachLanguage(MOTIVATION_TEXT, values),
        link: recordPagePath(financeManifest, motivationSheetsResource.id, sheet.id),
        severity: 'info',
        dedupeKey: `${motivationSheetsResource.id}:${sheet.id}:draft`,
      });
    },
  };
}
