import { filteredListPath } from '@core/sdk/web';
import type { ResourceDefinition, ResourceRecord } from '@core/sdk/shared';
import {
  accountsResource,
  adAccountsResource,
  adsetsResource,
  adsResource,
  campaignsResource,
} from '../../shared/resources';
import { screenPath } from './screen-paths';

/** The list a record's children are in, and the reference field there that points back at it. */
export interface ChildList {
  readonly definition: ResourceDefinition;
  readonly parentField: string;
  /** i18n key of the link's accessible name ("Show the campaigns of {{name}}"). */
  readonly labelKey: string;
}

/**
 * The platform's tree as the screens walk it (spec: "each screen filters by its parent, and a row
 * links to its children"): an account's ad accounts, an ad account's campaigns, a campaign's
 * adsets, an adset's ads.
 */
export const CHILD_LISTS = new Map<ResourceDefinition, ChildList>([
  [
    accountsResource,
    { definition: adAccountsResource, parentField: 'account', labelKey: 'social:tree.children.adAccounts' },
  ],
  [
    adAccountsResource,
    { definition: campaignsResource, parentField: 'ad_account', labelKey: 'social:tree.children.campaigns' },
  ],
  [campaignsResource, { definition: adsetsResource, parentField: 'campaign', labelKey: 'social:tree.children.adsets' }],
  [adsetsResource, { definition: adsResource, parentField: 'adset', labelKey: 'social:tree.children.ads' }],
]);

/** The children's list filtered to `record`'s: `/facebook-ad-campaigns?filter[ad_account][eq]=4`. */
export function childrenPath(children: ChildList, record: ResourceRecord): string {
  return filteredListPath(screenPath(children.definition), children.definition, [
    { field: children.parentField, op: 'eq', value: String(record.id) },
  ]);
}
