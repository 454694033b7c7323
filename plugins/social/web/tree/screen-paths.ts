import type { ResourceDefinition } from '@core/sdk/shared';
import {
  accountsResource,
  adAccountsResource,
  adsetsResource,
  adsResource,
  campaignsResource,
  conversionApisResource,
  pagesResource,
  servicesResource,
} from '../../shared/resources';

/** Each list screen's page (the manifest's paths), which differ from the API's paths. */
export const SCREEN_PATHS = new Map<ResourceDefinition, string>([
  [servicesResource, '/facebook-service'],
  [accountsResource, '/facebook-accounts'],
  [adAccountsResource, '/facebook-ad-accounts'],
  [pagesResource, '/facebook-ad-pages'],
  [campaignsResource, '/facebook-ad-campaigns'],
  [adsetsResource, '/facebook-ad-adsets'],
  [adsResource, '/facebook-ad-ads'],
  [conversionApisResource, '/conversion-api'],
]);

export const REPORT_PATH = '/facebook-ad-reports';

export function screenPath(definition: ResourceDefinition): string {
  const path = SCREEN_PATHS.get(definition);
  if (!path) throw new Error(`no screen for ${definition.id}`);
  return path;
}
