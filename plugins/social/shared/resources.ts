import { defineResource, fieldBuilders, referenceTo, type StatusTone } from '@core/sdk/shared';

/**
 * The social-ad platform's resources: services (the platform connections),
 * accounts, ad accounts, pages, the campaign tree (campaigns, adsets, ads), insight rows and the
 * Conversions API. A record that came from the platform carries its `external_id` and
 * `on_platform`; one entered by staff without a platform behind it is a planning record.
 *
 * Keys are systematic: a field's label is `social:fields.<camelName>`, an enum's value labels
 * `social:fields.<camelName>Values.<value>`, a record's noun `social:records.<camelName>`.
 */

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

const field = fieldBuilders('social:fields');
/**
 * Money in the ad account's currency. Three decimals hold every currency the platform bills in
 * (0, 2 or 3 minor digits); the server refuses more digits than the currency has.
 */
const BUDGET = { scale: 3, min: '0' } as const;
/** The platform's id of a record that came from it (a column the user may show); none on a planning record. */
const externalId = field.identifier('external_id', { readOnly: true, maxLength: 64, list: false, searchable: true });
/** True once the record came from (or was written to) the platform; false on a planning record. */
const onPlatform = field.boolean('on_platform', { readOnly: true, default: false });

export const servicesResource = defineResource({
  id: 'social.services',
  service: 'social',
  path: 'services',
  table: 'social.services',
  titleKey: 'social:nav.services',
  recordKey: 'social:records.service',
  access: { read: 'FO', write: 'FO' },
  fields: [
    field.text('name', { required: true, unique: true, maxLength: 100 }),
    field.text('app_id', {
      format: 'identifier',
      required: true,
      searchable: true,
      maxLength: 32,
      pattern: '^[0-9]{5,32}$',
      patternMessageKey: 'social:validation.appId',
      filter: ['eq'],
    }),
    field.secret('app_secret', { maxLength: 200 }),
    // A system user's access token; its expiry and scopes are what the platform said at the last check.
    field.secret('access_token', { required: true, maxLength: 1000 }),
    field.dateTime('token_expires_at', { hintKey: 'social:fields.tokenExpiresAtHint' }),
    field.text('scopes', { readOnly: true, maxLength: 2000, list: false, filter: false, sortable: false }),
    field.dateTime('checked_at', { readOnly: true }),
    field.text('check_error', { readOnly: true, maxLength: 500, list: false, filter: false, sortable: false }),
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
    field.text('name', { required: true, maxLength: 200 }),
    field.enum('type', ACCOUNT_TYPES, { required: true, default: 'business_manager' }),
    field.enum('status', ACCOUNT_STATUSES, { required: true, default: 'active', tones: ACCOUNT_STATUS_TONES }),
    // The platform connection its ad accounts and pages are read through; none: a planning record.
    field.reference('service', SERVICE),
    field.dateTime('synced_at', { readOnly: true }),
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
    externalId,
    field.text('name', { required: true, maxLength: 200 }),
    field.text('currency', {
      required: true,
      maxLength: 3,
      pattern: '^[A-Z]{3}$',
      patternMessageKey: 'social:validation.currency',
      default: 'USD',
      filter: ['eq'],
    }),
    field.text('timezone', { required: true, maxLength: 64, default: 'UTC', filter: ['eq'] }),
    field.enum('status', AD_ACCOUNT_STATUSES, { required: true, default: 'active', tones: AD_ACCOUNT_STATUS_TONES }),
    // No cap: the account may spend without limit.
    field.money('spend_cap', { ...BUDGET, emptyLabelKey: 'social:fields.noSpendCap' }),
    field.money('amount_spent', { ...BUDGET, readOnly: true }),
    field.reference('account', ACCOUNT, { required: true }),
    onPlatform,
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
    externalId,
    field.text('name', { required: true, maxLength: 200 }),
    field.text('category', { maxLength: 100 }),
    field.reference('account', ACCOUNT, { required: true }),
    onPlatform,
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
    externalId,
    field.text('name', { required: true, maxLength: 400 }),
    field.reference('ad_account', AD_ACCOUNT, { required: true }),
    field.enum('objective', CAMPAIGN_OBJECTIVES, { required: true, default: 'OUTCOME_TRAFFIC' }),
    // Exactly one of the two (the server's rule), in the ad account's currency.
    field.money('daily_budget', BUDGET),
    field.money('lifetime_budget', BUDGET),
    field.dateTime('start_time'),
    field.dateTime('stop_time'),
    field.enum('status', DELIVERY_STATUSES, { required: true, default: 'PAUSED', tones: DELIVERY_STATUS_TONES }),
    onPlatform,
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
    externalId,
    field.text('name', { required: true, maxLength: 400 }),
    field.reference('campaign', CAMPAIGN, { required: true }),
    field.enum('billing_event', BILLING_EVENTS, { required: true, default: 'IMPRESSIONS' }),
    field.money('bid_amount', BUDGET),
    field.enum('optimization_goal', OPTIMIZATION_GOALS, { required: true, default: 'LINK_CLICKS' }),
    field.money('daily_budget', BUDGET),
    field.money('lifetime_budget', BUDGET),
    field.dateTime('start_time'),
    field.dateTime('end_time'),
    field.enum('status', DELIVERY_STATUSES, { required: true, default: 'PAUSED', tones: DELIVERY_STATUS_TONES }),
    onPlatform,
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
    externalId,
    field.text('name', { required: true, maxLength: 400 }),
    field.reference('adset', ADSET, { required: true }),
    field.text('creative_id', {
      format: 'identifier',
      searchable: true,
      maxLength: 32,
      pattern: '^[0-9]{1,32}$',
      patternMessageKey: 'social:validation.creativeId',
      filter: ['eq'],
    }),
    field.enum('status', DELIVERY_STATUSES, { required: true, default: 'PAUSED', tones: DELIVERY_STATUS_TONES }),
    onPlatform,
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
  rowActions: PAUSE_ACTIONS('MV'),
});
export const AD = referenceTo(adsResource);

/**
 * One day of insights at one level (clicks, views, leads, spent, date); the rates
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
    field.date('date', { required: true }),
    field.enum('level', REPORT_LEVELS, { required: true }),
    field.reference('ad_account', AD_ACCOUNT, { required: true }),
    field.reference('campaign', CAMPAIGN),
    field.reference('adset', ADSET),
    field.reference('ad', AD),
    field.integer('clicks', { min: 0, required: true }),
    field.integer('views', { min: 0, required: true }),
    field.integer('leads', { min: 0, required: true }),
    field.money('spent', { ...BUDGET, required: true }),
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
    field.text('pixel_id', {
      format: 'identifier',
      required: true,
      unique: true,
      maxLength: 32,
      pattern: '^[0-9]{5,32}$',
      patternMessageKey: 'social:validation.pixelId',
    }),
    field.secret('token', { required: true, maxLength: 1000 }),
    field.text('verified_domain', {
      required: true,
      searchable: true,
      maxLength: 253,
      pattern: '^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$',
      patternMessageKey: 'social:validation.domain',
    }),
    // The code the Events Manager's "Test events" tab gives: test events carry it.
    field.text('test_event_code', {
      maxLength: 32,
      pattern: '^[A-Za-z0-9]{1,32}$',
      patternMessageKey: 'social:validation.testEventCode',
      list: false,
      filter: false,
    }),
    field.dateTime('tested_at', { readOnly: true }),
    field.text('test_result', { readOnly: true, maxLength: 2000, list: false, filter: false, sortable: false }),
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
