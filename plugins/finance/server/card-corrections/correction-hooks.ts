import { ApiError, type ResourceHooks } from '@core/sdk/server';
import { cardCorrectionsResource, type CorrectionStatus } from '../../shared/card-corrections';
import type { ApprovalNotices } from '../approvals/approval-notices';
import { checkedFigures } from './figures';
import { CORRECTION_MESSAGES } from './messages';

/**
 * The engine hooks of `finance.card_corrections`: an open correction's book balance and difference
 * are recomputed on every create and edit; an approved or reversed one is final (409 on edit and
 * delete). The row actions (`approve`, `reverse`) write their own figures and status, so they pass.
 * A correction recorded open tells its approvers (../approvals).
 */

const FINAL_MESSAGE: Readonly<Partial<Record<CorrectionStatus, string>>> = {
  approved: CORRECTION_MESSAGES.approvedIsFinal,
  reversed: CORRECTION_MESSAGES.reversedIsFinal,
};

const correctionHooks: ResourceHooks = {
  async beforeWrite({ tx, action, before, next }) {
    if (action !== 'create' && action !== 'update' && action !== 'delete') return undefined;
    const final = before ? FINAL_MESSAGE[before.status as CorrectionStatus] : undefined;
    if (final) throw new ApiError(409, final);
    if (action === 'delete') return undefined;
    const figures = await checkedFigures(tx, next);
    // Every correction starts open (a reversal too: its action approves it in the same transaction).
    return action === 'create' ? { ...figures, status: 'open' } : figures;
  },
};

export function cardCorrectionHooks(notices: ApprovalNotices): Readonly<Record<string, ResourceHooks>> {
  return {
    [cardCorrectionsResource.id]: { ...correctionHooks, afterWrite: (context) => notices.correctionWritten(context) },
  };
}
