import type { FastifyInstance } from 'fastify';
import type { ServerPluginContext } from '@core/sdk/server';
import { cardCorrectionsResource } from '../../shared/card-corrections';
import { registerApproveAction } from './approve-action';
import { registerReverseAction } from './reverse-action';
import { registerSummaryRoute } from './summary-route';

export { cardCorrectionHooks } from './correction-hooks';

/** The card corrections' routes beside the engine's: approve, reverse and the per-wallet summary. */
export function cardCorrectionRoutes(app: FastifyInstance, context: ServerPluginContext): void {
  const action = (name: string) => {
    const found = cardCorrectionsResource.rowActions?.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`finance.card_corrections declares no ${name} action`);
    return found;
  };
  registerApproveAction(context, action('approve'));
  registerReverseAction(app, context, action('reverse'));
  registerSummaryRoute(app, context.db);
}
