import { ApiError, validationError, type ResourceHooks, type WriteContext } from '@core/sdk/server';
import { canonicalDecimal, formatMessage, type FieldValue, type Money } from '@core/sdk/shared';
import { minorDigits, toMinorUnits } from '../../shared/minor-units';
import { adsetsResource, adsResource, campaignsResource } from '../../shared/resources';
import type { GraphChanges } from '../graph-api';
import { platformFailure } from '../graph/api-failure';
import type { GraphLink } from '../graph/graph-link';
import { NO_SERVICE } from '../graph/messages';
import { platformTarget } from '../graph/service-token';
import { BUDGET_CURRENCY } from './messages';

/*
 * An edit of a campaign, adset or ad that is on the platform pushes its status and budgets there
 * (`POST /{id}`), budgets in minor units of the ad account's currency, from the write's
 * beforeWrite hook: inside the write's
 * transaction, before the row is written, so a platform refusal (422 with its words, 502 when it
 * does not answer, 503 on its rate limit) leaves nothing saved. beforeWrite rather than afterWrite
 * because it sees what the caller sent and runs after the engine's validation but before any SQL,
 * and because it composes after the budget rules' own beforeWrite (a rule refuses before the
 * platform is asked). Only edits by staff (`update`) push: the sync's writes (`sync`) bring the
 * platform's own values, and pause/activate (their own actions) have already told the platform.
 * Other fields (name, times, objective) are the platform's to change: an edit of them stays here
 * until the next sync brings the platform's values back.
 */

const BUDGET_FIELDS = ['daily_budget', 'lifetime_budget'] as const;

const isMoney = (value: FieldValue | undefined): value is Money =>
  typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value;

/** What a write changes of what the platform holds: budgets in minor units (a budget cleared is not sent: the platform keeps one of the two), the status. */
function platformChanges(context: WriteContext, currency: string): GraphChanges {
  const changes: { daily_budget?: string; lifetime_budget?: string; status?: string } = {};
  const status = context.values.status;
  if (typeof status === 'string' && status !== context.before?.status) changes.status = status;
  for (const name of BUDGET_FIELDS) {
    if (!Object.hasOwn(context.values, name)) continue;
    const next = context.values[name];
    const before = context.before?.[name];
    if (
      !isMoney(next) ||
      (isMoney(before) &&
        canonicalDecimal(before.amount) === canonicalDecimal(next.amount) &&
        before.currency === next.currency)
    )
      continue;
    const refusal = formatMessage(BUDGET_CURRENCY, { currency, digits: minorDigits(currency) });
    if (next.currency !== currency) throw validationError({ [name]: [refusal] });
    try {
      changes[name] = toMinorUnits(next.amount, currency);
    } catch {
      throw validationError({ [name]: [refusal] });
    }
  }
  return changes;
}

/** The push as a beforeWrite of its own, through the configured adapter. */
export function platformPush(graph: GraphLink): NonNullable<ResourceHooks['beforeWrite']> {
  return async (context) => {
    if (context.action !== 'update' || context.id === null || context.before?.on_platform !== true) return undefined;
    const externalId = context.before.external_id;
    if (typeof externalId !== 'string') return undefined;
    const target = await platformTarget(context.tx, context.definition.id, context.id);
    if (!target) return undefined;
    const changes = platformChanges(context, target.currency);
    if (Object.keys(changes).length === 0) return undefined;
    if (!target.token) throw new ApiError(503, NO_SERVICE);
    await graph.client
      .session(target.token)
      .update(externalId, changes)
      .catch((error: unknown) => {
        throw platformFailure(error);
      });
    return undefined;
  };
}

/** The campaigns', adsets' and ads' hooks with the push after whatever `others` hold for them (their computed values seen by the push). */
export function platformPushHooks(
  graph: GraphLink,
  others: Readonly<Record<string, ResourceHooks>> = {},
): Record<string, ResourceHooks> {
  const push = platformPush(graph);
  const hooks: Record<string, ResourceHooks> = { ...others };
  for (const id of [campaignsResource.id, adsetsResource.id, adsResource.id]) {
    const own = others[id] ?? {};
    hooks[id] = {
      ...own,
      async beforeWrite(context) {
        const computed = (await own.beforeWrite?.(context)) ?? undefined;
        await push(
          computed
            ? { ...context, values: { ...context.values, ...computed }, next: { ...context.next, ...computed } }
            : context,
        );
        return computed;
      },
    };
  }
  return hooks;
}
