import type { ResourceHooks } from '@core/sdk/server';
import { adsetsResource, campaignsResource } from '../../shared/resources';
import { adsetHooks, campaignHooks } from './budget-rules';

export { RULES_MESSAGES_RU } from './messages-ru';

/**
 * The campaign tree's rules as engine hooks, by resource id. Ads need none beyond the engine's (the
 * adset they belong to must exist), nor do ad accounts (the currency field's pattern).
 */
export const SOCIAL_RULE_HOOKS: Readonly<Record<string, ResourceHooks>> = {
  [campaignsResource.id]: campaignHooks,
  [adsetsResource.id]: adsetHooks,
};
