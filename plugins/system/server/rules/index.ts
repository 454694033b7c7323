import type { ResourceHooks } from '@core/sdk/server';
import {
  languagesResource,
  projectsResource,
  serversResource,
  servicesResource,
  whitesResource,
} from '../../shared/resources';
import { whiteHooks } from '../whites/white-rules';
import { languageHooks } from './language-rules';
import { serverHooks } from './server-rules';
import { projectHooks, serviceHooks } from './service-groups';

export { RULES_MESSAGES_RU } from './messages-ru';

/**
 * The inventory's rules as engine hooks, run inside each write's transaction, by resource id. Domain
 * users need none: the engine's field checks (required and trimmed, E.164 phone, e-mail, postal
 * code, an existing country) are all their rules.
 */
export function systemRuleHooks(now: () => Date = () => new Date()): Readonly<Record<string, ResourceHooks>> {
  return {
    [languagesResource.id]: languageHooks,
    [serversResource.id]: serverHooks(now),
    [servicesResource.id]: serviceHooks,
    [projectsResource.id]: projectHooks,
    [whitesResource.id]: whiteHooks,
  };
}
