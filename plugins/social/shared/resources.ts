import {
  defineResource,
  referenceTo,
  type FieldDefinition,
  type ReferenceTarget,
  type StatusTone,
} from '@core/sdk/shared';

/**
 * The social-ad platform's resources (spec §3 Ad platform): services (the platform connections),
 * accounts, ad accounts, pages, the campaign tree (campaigns, adsets, ads), insight rows and the
 * Conversions API. A record that came from the platform carries its `external_id` and
 * `on_platform`; one entered by staff without a platform behind it is a planning record.
 *
 * Keys are systematic: a field's label is `social:fields.<camelName>`, an enum's value labels
 * `social:fields.<camelName>Values.<value>`, a record's noun `social:records.<camelName>`.
 */

const TEXT_OPS = ['contains', 'eq', 'neq', 'startsWith'] as const;
const RANGE_OPS = ['gte', 'lte', 'eq'] as const;

export const ACCOUNT_TYPES = ['personal_profile', 'business_manager', 'system_user'] as const;
export const ACCOUNT_STATUSES = ['active', 'restricted', 'disabled'] as const;
/** The badge colour of each account status (a status column). */
export const ACCOUNT_STATUS_TONES = {
  active: 'success',
  restricted: 'warning',
  disabled: 'danger',
} as const satisfies Readonly<Record<(typeof ACCOUNT_STATUSES)[number], StatusTone>>;
/** Meta's `account_status` codes, named (1 active, 2 disabled, 3 unsettled, 7 pending risk review, 9 in grace period, 101 closed). */
export const AD_ACCOUNT_STATUSES = [
  'active',
  'disabled',
  'unsettled',
  'pending_review',
  'in_grace_period',
  'closed',
  'other',
] as const;
/** The badge colour of each ad account status (a status column). */
export const AD_ACCOUNT_STATUS_TONES = {
  active: 'success',
  disabled: 'danger',
  unsettled: 'warning',
  pending_review: 'informative',
  in_grace_period: 'warning',
  closed: 'subtle',
  other: 'subtle',
} as const satisfies Readonly<Record<(typeof AD_ACCOUNT_STATUSES)[number], StatusTone>>;
/** Meta's outcome-based objectives. */
export const CAMPAIGN_OBJECTIVES = [
  'OUTCOME_AWARENESS',
  'OUTCOME_TRAFFIC',
  'OUTCOME_ENGAGEMENT',
  'OUTCOME_LEADS',
  'OUTCOME_APP_PROMOTION',
  'OUTCOME_SALES',
] as const;
/** A campaign's, adset's or ad's configured status. */
export const DELIVERY_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** The badge colour of each DeliveryStatus (a status column). */
export const DELIVERY_STATUS_TONES = {
  ACTIVE: 'success',
  PAUSED: 'warning',
  ARCHIVED: 'subtle',
  DELETED: 'danger',
} as const satisfies Readonly<Record<DeliveryStatus, StatusTone>>;
export const BILLING_EVENTS = ['IMPRESSIONS', 'LINK_CLICKS', 'THRUPLAY', 'APP_INSTALLS'] as const;
export const OPTIMIZATION_GOALS = [
  'REACH',
  'IMPRESSIONS',
  'LINK_CLICKS',
  'LANDING_PAGE_VIEWS',
  'LEAD_GENERATION',
  'OFFSITE_CONVERSIONS',
  'THRUPLAY',
  'VALUE',
] as const;
/** Where an insight row is measured. */
export const REPORT_LEVELS = ['account', 'campaign', 'adset', 'ad'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];

function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
const label = (name: string): string => `social:fields.${camel(name)}`;

const text = (name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({
    kind: 'text',
    name,
    labelKey: label(name),
    maxLength: 200,
    filter: TEXT_OPS,
    sortable: true,
    ...extra,
  }) as FieldDefinition;
const reference = (name: string, target: ReferenceTarget, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({ kind: 'reference', name, labelKey: label(name), target, filter: ['eq', 'in'], ...extra }) as FieldDefinition;
const enumeration = (name: string, values: readonly string[], extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({
    kind: 'enum',
    name,
    labelKey: label(name),
    values,
    filter: ['eq', 'in'],
    sortable: true,
    ...extra,
  }) as FieldDefinition;
const instant = (name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({
    kind: 'datetime',
    name,
    labelKey: label(name),
    filter: ['gte', 'lte'],
    sortable: true,
    ...extra,
  }) as FieldDefinition;
const count = (name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({
    kind: 'number',
    name,
    labelKey: label(name),
    integer: true,
    min: 0,
    filter: RANGE_OPS,
    sortable: true,
    ...extra,
  }) as FieldDefinition;
/**
 * Money in the ad account's currency. Three decimals hold every currency the platform bills in
 * (0, 2 or 3 minor digits); the server refuses more digits than the currency has.
 */
const budget = (name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({
    kind: 'money',
    name,
    labelKey: label(name),
    scale: 3,
    min: '0',
    filter: RANGE_OPS,
    sortable: true,
    ...extra,
  }) as FieldDefinition;
/** The platform's id of a record that came from it (a column the user may show); none on a planning record. */
const externalId = (): FieldDefinition =>
  text('external_id', {
    format: 'identifier',
    readOnly: true,
    maxLength: 64,
    filter: ['eq'],
    list: false,
    searchable: true,
  });
/** True once the record came from (or was written to) the platform; false on a planning record. */
const onPlatform = (): FieldDefinition =>
  ({
    kind: 'boolean',
    name: 'on_platform',
    labelKey: label('on_platform'),
    readOnly: true,
    default: false,
    filter: ['eq'],
    sortable: true,
  }) as FieldDefinition;

export const servicesResource = defineResource({
  id: 'social.services',
  service: 'social',
  path: 'services',
  table: 'social.services',
  titleKey: 'social:nav.services',
  recordKey: 'social:records.service',
  access: { read: 'FO', write: 'FO' },
  fields: [
    text('name', { required: true, unique: true, maxLength: 100 }),
    text('app_id', {
      format: 'identifier',
      required: true,
      searchable: true,
      maxLength: 32,
      pattern: '^[0-9]{5,32}$',
      patternMessageKey: 'social:validation.appId',
      filter: ['eq'],
    }),
    { kind: 'secret', name: 'app_secret', labelKey: label('app_secret'), maxLength: 200 },
    // A system user's access token; its expiry and scopes are what the platform said at the last check.
    { kind: 'secret', name: 'access_token', labelKey: label('access_token'), required: true, maxLength: 1000 },
    instant('token_expires_at', { hintKey: 'social:fields.tokenExpiresAtHint' }),
    text('scopes', { readOnly: true, maxLength: 2000, list: false, filter: undefined, sortable: false }),
    instant('checked_at', { readOnly: true }),
    text('check_error', { readOnly: true, maxLength: 500, list: false, filter: undefined, sortable: false }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
  rowActions: [{ name: 'check', labelKey: 'social:actions.check', requires: 'FO', endpoint: 'check' }],
});
export const SERVICE = referenceTo(servicesResource);

export const accountsResource = defineResource({
  id: 'social.accounts',
  service: 'social',
  path: 'accounts',
  table: 'social.accounts',
  titleKey: 'social:nav.accounts',
  recordKey: 'social:records.account',
  access: { read: 'MA', write: 'MA' },
  fields: [
    text('name', { required: true, maxLength: 200 }),
    enumeration('type', ACCOUNT_TYPES, { required: true, default: 'business_manager' }),
    enumeration('status', ACCOUNT_STATUSES, { required: true, default: 'active', tones: ACCOUNT_STATUS_TONES }),
    // The platform connection its ad accounts and pages are read through; none: a planning record.
    reference('service', SERVICE),
    instant('synced_at', { readOnly: true }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
  rowActions: [{ name: 'sync', labelKey: 'social:actions.sync', requires: 'MA', endpoint: 'sync' }],
});
export const ACCOUNT = referenceTo(accountsResource);

export const adAccountsResource = defineResource({
  id: 'social.ad_accounts',
  service: 'social',
  path: 'ad-accounts',
  table: 'social.ad_accounts',
  titleKey: 'social:nav.adAccounts',
  recordKey: 'social:records.adAccount',
  access: { read: 'MA', write: 'MD' },
  fields: [
    externalId(),
    text('name', { required: true, maxLength: 200 }),
    text('currency', {
      required: true,
      maxLength: 3,
      pattern: '^[A-Z]{3}$',
      patternMessageKey: 'social:validation.currency',
      default: 'USD',
      filter: ['eq'],
    }),
    text('timezone', { required: true, maxLength: 64, default: 'UTC', filter: ['eq'] }),
    enumeration('status', AD_ACCOUNT_STATUSES, { required: true, default: 'active', tones: AD_ACCOUNT_STATUS_TONES }),
    // No cap: the account may spend without limit.
    budget('spend_cap', { emptyLabelKey: 'social:fields.noSpendCap' }),
    budget('amount_spent', { readOnly: true }),
    reference('account', ACCOUNT, { required: true }),
    onPlatform(),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});
export const AD_ACCOUNT = referenceTo(adAccountsResource);

export const pagesResource = defineResource({
  id: 'social.pages',
  service: 'social',
  path: 'pages',
  table: 'social.pages',
  titleKey: 'social:nav.pages',
  recordKey: 'social:records.page',
  access: { read: 'MA', write: 'MP' },
  fields: [
    externalId(),
    text('name', { required: true, maxLength: 200 }),
    text('category', { maxLength: 100 }),
    reference('account', ACCOUNT, { required: true }),
    onPlatform(),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});

const PAUSE_ACTIONS = (code: string) =>
  [
    {
      name: 'pause',
      labelKey: 'social:actions.pause',
      requires: code,
      endpoint: 'pause',
      when: { field: 'status', values: ['ACTIVE'] },
    },
    {
      name: 'activate',
      labelKey: 'social:actions.activate',
      requires: code,
      endpoint: 'activate',
      when: { field: 'status', values: ['PAUSED'] },
    },
  ] as const;

export const campaignsResource = defineResource({
  id: 'social.campaigns',
  service: 'social',
  path: 'campaigns',
  table: 'social.campaigns',
  titleKey: 'social:nav.campaigns',
  recordKey: 'social:records.campaign',
  access: { read: 'MA', write: 'MQ' },
  fields: [
    externalId(),
    text('name', { required: true, maxLength: 400 }),
    reference('ad_account', AD_ACCOUNT, { required: true }),
    enumeration('objective', CAMPAIGN_OBJECTIVES, { required: true, default: 'OUTCOME_TRAFFIC' }),
    // Exactly one of the two (the server's rule), in the ad account's currency.
    budget('daily_budget'),
    budget('lifetime_budget'),
    instant('start_time'),
    instant('stop_time'),
    enumeration('status', DELIVERY_STATUSES, { required: true, default: 'PAUSED', tones: DELIVERY_STATUS_TONES }),
    onPlatform(),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
  rowActions: PAUSE_ACTIONS('MQ'),
});
export const CAMPAIGN = referenceTo(campaignsResource);

export const adsetsResource = defineResource({
  id: 'social.adsets',
  service: 'social',
  path: 'adsets',
  table: 'social.adsets',
  titleKey: 'social:nav.adsets',
  recordKey: 'social:records.adset',
  access: { read: 'MA', write: 'MS' },
  fields: [
    externalId(),
    text('name', { required: true, maxLength: 400 }),
    reference('campaign', CAMPAIGN, { required: true }),
    enumeration('billing_event', BILLING_EVENTS, { required: true, default: 'IMPRESSIONS' }),
    budget('bid_amount'),
    enumeration('optimization_goal', OPTIMIZATION_GOALS, { required: true, default: 'LINK_CLICKS' }),
    budget('daily_budget'),
    budget('lifetime_budget'),
    instant('start_time'),
    instant('end_time'),
    enumeration('status', DELIVERY_STATUSES, { required: true, default: 'PAUSED', tones: DELIVERY_STATUS_TONES }),
    onPlatform(),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
  rowActions: PAUSE_ACTIONS('MS'),
});
export const ADSET = referenceTo(adsetsResource);

export const adsResource = defineResource({
  id: 'social.ads',
  service: 'social',
  path: 'ads',
  table: 'social.ads',
  titleKey: 'social:nav.ads',
  recordKey: 'social:records.ad',
  access: { read: 'MA', write: 'MV' },
  fields: [
    externalId(),
    text('name', { required: true, maxLength: 400 }),
    reference('adset', ADSET, { required: true }),
    text('creative_id', {
      format: 'identifier',
      searchable: true,
      maxLength: 32,
      pattern: '^[0-9]{1,32}$',
      patternMessageKey: 'social:validation.creativeId',
      filter: ['eq'],
    }),
    enumeration('status', DELIVERY_STATUSES, { required: true, default: 'PAUSED', tones: DELIVERY_STATUS_TONES }),
    onPlatform(),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
  rowActions: PAUSE_ACTIONS('MV'),
});
export const AD = referenceTo(adsResource);

/**
 * One day of insights at one level (spec §3 report: clicks, views, leads, spent, date); the rates
 * (CPC, CPM, CPL, CTR) and spent in USD are computed when the report is read, never stored.
 * Written by the insights sync and the demo only.
 */
export const insightsResource = defineResource({
  id: 'social.insights',
  service: 'social',
  path: 'insights',
  table: 'social.insights',
  titleKey: 'social:nav.reports',
  recordKey: 'social:records.insight',
  access: { read: 'MA', write: 'MA' },
  readOnly: true,
  fields: [
    { kind: 'date', name: 'date', labelKey: label('date'), required: true, filter: RANGE_OPS, sortable: true },
    enumeration('level', REPORT_LEVELS, { required: true }),
    reference('ad_account', AD_ACCOUNT, { required: true }),
    reference('campaign', CAMPAIGN),
    reference('adset', ADSET),
    reference('ad', AD),
    count('clicks', { required: true }),
    count('views', { required: true }),
    count('leads', { required: true }),
    budget('spent', { required: true }),
  ],
  labelField: 'date',
  defaultSort: { field: 'date', direction: 'desc' },
});

export const conversionApisResource = defineResource({
  id: 'social.conversion_apis',
  service: 'social',
  path: 'conversion-apis',
  table: 'social.conversion_apis',
  titleKey: 'social:nav.conversionApi',
  recordKey: 'social:records.conversionApi',
  access: { read: 'MC', write: 'MC' },
  fields: [
    text('pixel_id', {
      format: 'identifier',
      required: true,
      unique: true,
      maxLength: 32,
      pattern: '^[0-9]{5,32}$',
      patternMessageKey: 'social:validation.pixelId',
    }),
    { kind: 'secret', name: 'token', labelKey: label('token'), required: true, maxLength: 1000 },
    text('verified_domain', {
      required: true,
      searchable: true,
      maxLength: 253,
      pattern: '^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$',
      patternMessageKey: 'social:validation.domain',
    }),
    // The code the Events Manager's "Test events" tab gives: test events carry it.
    text('test_event_code', {
      maxLength: 32,
      pattern: '^[A-Za-z0-9]{1,32}$',
      patternMessageKey: 'social:validation.testEventCode',
      list: false,
      filter: undefined,
    }),
    instant('tested_at', { readOnly: true }),
    text('test_result', { readOnly: true, maxLength: 2000, list: false, filter: undefined, sortable: false }),
  ],
  labelField: 'pixel_id',
  softDelete: true,
  defaultSort: { field: 'pixel_id', direction: 'asc' },
  rowActions: [{ name: 'test-event', labelKey: 'social:actions.testEvent', requires: 'MC', endpoint: 'test-event' }],
});

export const SOCIAL_RESOURCES = [
  servicesResource,
  accountsResource,
  adAccountsResource,
  pagesResource,
  campaignsResource,
  adsetsResource,
  adsResource,
  insightsResource,
  conversionApisResource,
] as const;
