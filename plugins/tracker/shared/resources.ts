import {
  COUNTRIES_REFERENCE,
  defineResource,
  referenceTo,
  USERS_REFERENCE,
  type FieldDefinition,
  type ReferenceTarget,
  type ResourceDefinition,
  type StatusTone,
} from '@core/sdk/shared';
import { KEITARO_SERVERS_REFERENCE } from '@plugins/admin/shared/keitaro';
import { verticalsResource } from '@plugins/finance/shared/resources';

/**
 * The tracker's resources (spec §3 Tracker, Advertiser, Offer, Stream, Bizdev deal, Limit,
 * Request). Each gives its table, REST resource and list screen; the rules a field cannot say
 * (an active server not on hold, one default stream per campaign, deals that do not overlap,
 * approvals within the day's cap) are the server's hooks (server/rules).
 *
 * Keys are systematic: a field's label is `tracker:fields.<camelName>`, an enum's value labels
 * `tracker:fields.<camelName>Values.<value>`, a record's noun `tracker:records.<camelName>`.
 */

const TEXT_OPS = ['contains', 'eq', 'neq', 'startsWith'] as const;
const RANGE_OPS = ['gte', 'lte', 'eq'] as const;

/** Lower-case words joined by single hyphens: how Keitaro and URLs spell a name. */
export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

/** Currencies an advertiser pays in (ISO 4217, which Keitaro takes for a payout). */
export const PAYOUT_CURRENCIES = ['USD', 'EUR', 'GBP', 'RUB', 'UAH', 'KZT', 'PLN', 'TRY', 'BRL', 'INR', 'MXN'] as const;

/** Where a row stands against Keitaro: not synced, waiting, written, or failed with `sync_error`. */
export const SYNC_STATES = ['off', 'pending', 'synced', 'failed'] as const;
export type SyncState = (typeof SYNC_STATES)[number];
/** The badge colour of each SyncState (a status column). */
export const SYNC_STATE_TONES = {
  off: 'subtle',
  pending: 'informative',
  synced: 'success',
  failed: 'danger',
} as const satisfies Readonly<Record<SyncState, StatusTone>>;

export const REQUEST_STATUSES = ['pending', 'approved', 'refused'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** The badge colour of each RequestStatus (a status column). */
export const REQUEST_STATUS_TONES = {
  pending: 'warning',
  approved: 'success',
  refused: 'danger',
} as const satisfies Readonly<Record<RequestStatus, StatusTone>>;

export const PROJECT_STATUSES = ['active', 'paused', 'closed'] as const;
/** The badge colour of each project status (a status column). */
export const PROJECT_STATUS_TONES = {
  active: 'success',
  paused: 'warning',
  closed: 'subtle',
} as const satisfies Readonly<Record<(typeof PROJECT_STATUSES)[number], StatusTone>>;

const text = (name: string, labelKey: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({ kind: 'text', name, labelKey, maxLength: 200, filter: TEXT_OPS, sortable: true, ...extra }) as FieldDefinition;
const reference = (
  name: string,
  labelKey: string,
  target: ReferenceTarget,
  extra: Partial<FieldDefinition> = {},
): FieldDefinition =>
  ({ kind: 'reference', name, labelKey, target, filter: ['eq', 'in'], ...extra }) as FieldDefinition;
const many = (
  name: string,
  labelKey: string,
  target: ReferenceTarget,
  extra: Partial<FieldDefinition> = {},
): FieldDefinition => ({ kind: 'reference', name, labelKey, target, many: true, ...extra }) as FieldDefinition;
const day = (name: string, labelKey: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({ kind: 'date', name, labelKey, required: true, filter: RANGE_OPS, sortable: true, ...extra }) as FieldDefinition;
const money = (name: string, labelKey: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({
    kind: 'money',
    name,
    labelKey,
    scale: 2,
    min: '0',
    currencies: PAYOUT_CURRENCIES,
    defaultCurrency: 'USD',
    filter: RANGE_OPS,
    sortable: true,
    ...extra,
  }) as FieldDefinition;
const wholeNumber = (
  name: string,
  labelKey: string,
  min: number,
  extra: Partial<FieldDefinition> = {},
): FieldDefinition =>
  ({
    kind: 'number',
    name,
    labelKey,
    integer: true,
    min,
    filter: RANGE_OPS,
    sortable: true,
    ...extra,
  }) as FieldDefinition;
const keitaroId = (name: string, labelKey: string): FieldDefinition =>
  wholeNumber(name, labelKey, 1, { format: 'identifier', readOnly: true, filter: ['eq'], list: false });

/** The Keitaro sync of a row: switched on by the user, kept by the sync (server/keitaro). */
const syncFields = (): FieldDefinition[] => [
  {
    kind: 'boolean',
    name: 'sync_enabled',
    labelKey: 'tracker:fields.syncEnabled',
    default: false,
    filter: ['eq'],
    sortable: true,
  },
  {
    kind: 'enum',
    name: 'sync_state',
    labelKey: 'tracker:fields.syncState',
    values: SYNC_STATES,
    tones: SYNC_STATE_TONES,
    default: 'off',
    readOnly: true,
    filter: ['eq', 'in'],
    sortable: true,
  },
  {
    kind: 'text',
    name: 'sync_error',
    labelKey: 'tracker:fields.syncError',
    maxLength: 2000,
    readOnly: true,
    list: false,
  },
  {
    kind: 'datetime',
    name: 'synced_at',
    labelKey: 'tracker:fields.syncedAt',
    readOnly: true,
    filter: ['gte', 'lte'],
    sortable: true,
    list: false,
  },
];
/** Retrying the Keitaro sync: offered only while sync is on (the server answers 409 otherwise). */
const syncAction = (requires: string) => ({
  name: 'sync',
  labelKey: 'tracker:actions.sync',
  requires,
  endpoint: 'sync',
  when: { field: 'sync_enabled', values: [true] },
});

export const trackersResource = defineResource({
  id: 'tracker.trackers',
  service: 'tracker',
  path: 'trackers',
  table: 'tracker.trackers',
  titleKey: 'tracker:nav.trackers',
  recordKey: 'tracker:records.tracker',
  access: { read: 'TT', write: 'TT' },
  fields: [
    text('slug', 'tracker:fields.slug', {
      required: true,
      maxLength: 64,
      unique: true,
      pattern: SLUG_PATTERN,
      patternMessageKey: 'tracker:validation.slug',
    }),
    wholeNumber('credits', 'tracker:fields.credits', 0, { default: 0 }),
    reference('active_server', 'tracker:fields.activeServer', KEITARO_SERVERS_REFERENCE),
    many('hold_servers', 'tracker:fields.holdServers', KEITARO_SERVERS_REFERENCE),
    text('service', 'tracker:fields.service', { maxLength: 100 }),
  ],
  labelField: 'slug',
  softDelete: true,
  defaultSort: { field: 'slug', direction: 'asc' },
});
const TRACKER = referenceTo(trackersResource);

export const advertisersResource = defineResource({
  id: 'tracker.advertisers',
  service: 'tracker',
  path: 'advertisers',
  table: 'tracker.advertisers',
  titleKey: 'tracker:nav.advertisers',
  recordKey: 'tracker:records.advertiser',
  access: { read: 'TA', write: 'TA' },
  fields: [
    text('name', 'tracker:fields.name', { required: true, unique: true }),
    text('alias', 'tracker:fields.alias', {
      required: true,
      maxLength: 64,
      unique: true,
      searchable: true,
      pattern: SLUG_PATTERN,
      patternMessageKey: 'tracker:validation.slug',
    }),
    many('trackers', 'tracker:fields.trackers', TRACKER),
    // Appended to each of the advertiser's offers' landing URLs (offerPreviewUrl).
    { kind: 'keyValue', name: 'offer_params', labelKey: 'tracker:fields.offerParams', maxEntries: 50 },
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});

export const offersResource = defineResource({
  id: 'tracker.offers',
  service: 'tracker',
  path: 'offers',
  table: 'tracker.offers',
  titleKey: 'tracker:nav.offers',
  recordKey: 'tracker:records.offer',
  access: { read: 'TO', write: 'TO' },
  fields: [
    text('name', 'tracker:fields.name', { required: true }),
    // An advertiser's record page lists its offers first.
    reference('advertiser', 'tracker:fields.advertiser', referenceTo(advertisersResource), {
      required: true,
      related: { order: 10 },
    }),
    // The offer's vertical (finance's one Vertical entity): what Keitaro's notes name. group_legacy keeps
    // the text a group was typed as where it named no vertical (migration 0004), until a group is picked.
    reference('group', 'tracker:fields.group', referenceTo(verticalsResource), { legacyField: 'group_legacy' }),
    text('group_legacy', 'tracker:fields.groupLegacy', { readOnly: true, maxLength: 100, list: false }),
    money('payout', 'tracker:fields.payout'),
    // The kernel's countries, named in the reader's language (migration 0003 moved offers onto them).
    many('countries', 'tracker:fields.countries', COUNTRIES_REFERENCE),
    {
      kind: 'url',
      name: 'landing_url',
      labelKey: 'tracker:fields.landingUrl',
      maxLength: 2048,
      filter: TEXT_OPS,
      list: false,
    },
    reference('tracker', 'tracker:fields.tracker', TRACKER, { related: { order: 10 } }),
    text('tracker_offer_id', 'tracker:fields.trackerOfferId', {
      format: 'identifier',
      maxLength: 100,
      searchable: true,
    }),
    ...syncFields(),
    keitaroId('keitaro_offer_id', 'tracker:fields.keitaroOfferId'),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
  rowActions: [syncAction('TO')],
});

export const streamsResource = defineResource({
  id: 'tracker.streams',
  service: 'tracker',
  path: 'streams',
  table: 'tracker.streams',
  titleKey: 'tracker:nav.streams',
  recordKey: 'tracker:records.stream',
  access: { read: 'TS', write: 'TS' },
  fields: [
    wholeNumber('campaign_id', 'tracker:fields.campaignId', 1, {
      format: 'identifier',
      required: true,
      filter: ['eq'],
    }),
    text('campaign_name', 'tracker:fields.campaignName', { required: true }),
    // An ad account's id in the ad platform; the web links it when the social plugin runs.
    text('ad_account', 'tracker:fields.adAccount', {
      format: 'identifier',
      maxLength: 100,
      filter: ['eq', 'contains'],
      searchable: true,
    }),
    reference('offer', 'tracker:fields.offer', referenceTo(offersResource), { required: true, related: { order: 10 } }),
    text('pixel', 'tracker:fields.pixel', { maxLength: 100, list: false }),
    // streamLink() of the offer's tracker and the campaign, kept by the server on every write.
    { kind: 'url', name: 'link', labelKey: 'tracker:fields.link', maxLength: 2048, readOnly: true },
    reference('user', 'tracker:fields.user', USERS_REFERENCE),
    text('site', 'tracker:fields.site', { maxLength: 253 }),
    {
      kind: 'boolean',
      name: 'is_default',
      labelKey: 'tracker:fields.isDefault',
      default: false,
      filter: ['eq'],
      sortable: true,
    },
    ...syncFields(),
    keitaroId('keitaro_campaign_id', 'tracker:fields.keitaroCampaignId'),
    keitaroId('keitaro_stream_id', 'tracker:fields.keitaroStreamId'),
  ],
  labelField: 'campaign_name',
  softDelete: true,
  defaultSort: { field: 'campaign_id', direction: 'desc' },
  rowActions: [syncAction('TS')],
});

export const bizdevDealsResource = defineResource({
  id: 'tracker.bizdev_deals',
  service: 'tracker',
  path: 'bizdev-deals',
  table: 'tracker.bizdev_deals',
  titleKey: 'tracker:nav.bizdevDeals',
  recordKey: 'tracker:records.bizdevDeal',
  access: { read: 'TB', write: 'TB' },
  fields: [
    day('date_from', 'tracker:fields.dateFrom'),
    day('date_finish', 'tracker:fields.dateFinish'),
    text('brand', 'tracker:fields.brand', { required: true }),
    money('epl_buyer', 'tracker:fields.eplBuyer'),
    money('epl', 'tracker:fields.epl'),
    {
      kind: 'percent',
      name: 'crg',
      labelKey: 'tracker:fields.crg',
      scale: 2,
      min: '0',
      max: '100',
      filter: RANGE_OPS,
      sortable: true,
    },
    reference('tracker', 'tracker:fields.tracker', TRACKER, { required: true }),
  ],
  labelField: 'brand',
  softDelete: true,
  defaultSort: { field: 'date_from', direction: 'desc' },
});

export const bizdevLimitsResource = defineResource({
  id: 'tracker.bizdev_limits',
  service: 'tracker',
  path: 'bizdev-limits',
  table: 'tracker.bizdev_limits',
  titleKey: 'tracker:nav.bizdevLimits',
  recordKey: 'tracker:records.bizdevLimit',
  access: { read: 'TL', write: 'TL' },
  fields: [
    day('date', 'tracker:fields.date'),
    // Leads a tracker takes that day: the most its approved requests may add up to.
    wholeNumber('cap', 'tracker:fields.cap', 0, { required: true }),
    reference('tracker', 'tracker:fields.tracker', TRACKER, { required: true }),
  ],
  labelField: 'date',
  softDelete: true,
  uniqueTogether: [['tracker', 'date']],
  defaultSort: { field: 'date', direction: 'desc' },
});

export const bizdevRequestsResource = defineResource({
  id: 'tracker.bizdev_requests',
  service: 'tracker',
  path: 'bizdev-requests',
  table: 'tracker.bizdev_requests',
  titleKey: 'tracker:nav.bizdevRequests',
  recordKey: 'tracker:records.bizdevRequest',
  access: { read: 'TR', write: 'TR' },
  fields: [
    wholeNumber('cap', 'tracker:fields.cap', 1, { required: true }),
    reference('tracker', 'tracker:fields.tracker', TRACKER, { required: true }),
    day('date', 'tracker:fields.date'),
    // The caller when left out.
    reference('requester', 'tracker:fields.requester', USERS_REFERENCE),
    {
      kind: 'enum',
      name: 'status',
      labelKey: 'tracker:fields.status',
      values: REQUEST_STATUSES,
      tones: REQUEST_STATUS_TONES,
      default: 'pending',
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
  ],
  labelField: 'date',
  softDelete: true,
  defaultSort: { field: 'date', direction: 'desc' },
  rowActions: [
    {
      name: 'approve',
      labelKey: 'tracker:actions.approve',
      requires: 'TR',
      endpoint: 'approve',
      when: { field: 'status', values: ['pending'] },
    },
    {
      name: 'refuse',
      labelKey: 'tracker:actions.refuse',
      requires: 'TR',
      endpoint: 'refuse',
      when: { field: 'status', values: ['pending'] },
    },
  ],
});

/** A project seen from affiliate work (spec §2 `/finance-projects`): its advertisers, vertical and manager. */
export const financeProjectsResource = defineResource({
  id: 'tracker.finance_projects',
  service: 'tracker',
  path: 'finance-projects',
  table: 'tracker.finance_projects',
  titleKey: 'tracker:nav.financeProjects',
  recordKey: 'tracker:records.financeProject',
  access: { read: 'TF', write: 'TF' },
  fields: [
    text('name', 'tracker:fields.name', { required: true, unique: true }),
    many('advertisers', 'tracker:fields.advertisers', referenceTo(advertisersResource)),
    // The one Vertical entity is finance's: see README.md.
    reference('vertical', 'tracker:fields.vertical', referenceTo(verticalsResource)),
    reference('manager', 'tracker:fields.manager', USERS_REFERENCE),
    {
      kind: 'enum',
      name: 'status',
      labelKey: 'tracker:fields.projectStatus',
      values: PROJECT_STATUSES,
      tones: PROJECT_STATUS_TONES,
      default: 'active',
      filter: ['eq', 'in'],
      sortable: true,
    },
    { kind: 'longText', name: 'comment', labelKey: 'tracker:fields.comment', maxLength: 2000 },
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});

/** In mount order: a resource comes after those it points at. */
export const TRACKER_RESOURCES: readonly ResourceDefinition[] = [
  trackersResource,
  advertisersResource,
  offersResource,
  streamsResource,
  bizdevDealsResource,
  bizdevLimitsResource,
  bizdevRequestsResource,
  financeProjectsResource,
];
