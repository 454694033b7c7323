import {
  COUNTRIES_REFERENCE,
  defineResource,
  fieldBuilders,
  referenceTo,
  USERS_REFERENCE,
  type ResourceDefinition,
  type StatusTone,
} from '@core/sdk/shared';
import { KEITARO_SERVERS_REFERENCE } from '@plugins/admin/shared/keitaro';
import { verticalsResource } from '@plugins/finance/shared/resources';

/**
 * The tracker's resources (tracker, advertiser, offer, stream, bizdev deal, limit, request).
 * Each gives its table, REST resource and list screen; the rules a field cannot say
 * (an active server not on hold, one default stream per campaign, deals that do not overlap,
 * approvals within the day's cap) are the server's hooks (server/rules).
 *
 * Keys are systematic: a field's label is `tracker:fields.<camelName>`, an enum's value labels
 * `tracker:fields.<camelName>Values.<value>`, a record's noun `tracker:records.<camelName>`.
 */

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

const field = fieldBuilders('tracker:fields');
/** A payout in the advertiser's currency. */
const PAYOUT = { scale: 2, min: '0', currencies: PAYOUT_CURRENCIES, defaultCurrency: 'USD' } as const;
/** Keitaro's id of a row the sync wrote there: read-only, looked up exactly. */
const KEITARO_ID = { min: 1, format: 'identifier', readOnly: true, filter: ['eq'], list: false } as const;

/** The Keitaro sync of a row: switched on by the user, kept by the sync (server/keitaro). */
const syncFields = [
  field.boolean('sync_enabled', { default: false }),
  field.enum('sync_state', SYNC_STATES, { tones: SYNC_STATE_TONES, default: 'off', readOnly: true }),
  field.text('sync_error', { maxLength: 2000, readOnly: true, list: false, filter: false, sortable: false }),
  field.dateTime('synced_at', { readOnly: true, list: false }),
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
    field.text('slug', {
      required: true,
      maxLength: 64,
      unique: true,
      pattern: SLUG_PATTERN,
      patternMessageKey: 'tracker:validation.slug',
    }),
    field.integer('credits', { min: 0, default: 0 }),
    field.reference('active_server', KEITARO_SERVERS_REFERENCE),
    field.reference('hold_servers', KEITARO_SERVERS_REFERENCE, { many: true, filter: false }),
    field.text('service', { maxLength: 100 }),
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
    field.text('name', { required: true, unique: true }),
    field.text('alias', {
      required: true,
      maxLength: 64,
      unique: true,
      searchable: true,
      pattern: SLUG_PATTERN,
      patternMessageKey: 'tracker:validation.slug',
    }),
    field.reference('trackers', TRACKER, { many: true, filter: false }),
    // Appended to each of the advertiser's offers' landing URLs (offerPreviewUrl).
    field.keyValue('offer_params', { maxEntries: 50 }),
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
    field.text('name', { required: true }),
    // An advertiser's record page lists its offers first.
    field.reference('advertiser', referenceTo(advertisersResource), { required: true, related: { order: 10 } }),
    // The offer's vertical (finance's one Vertical entity): what Keitaro's notes name. group_legacy keeps
    // the text a group was typed as where it named no vertical (migration 0004), until a group is picked.
    field.reference('group', referenceTo(verticalsResource), { legacyField: 'group_legacy' }),
    field.text('group_legacy', { readOnly: true, maxLength: 100, list: false }),
    field.money('payout', { ...PAYOUT }),
    // The kernel's countries, named in the reader's language (migration 0003 moved offers onto them).
    field.reference('countries', COUNTRIES_REFERENCE, { many: true, filter: false }),
    field.url('landing_url', { maxLength: 2048, list: false, sortable: false }),
    field.reference('tracker', TRACKER, { related: { order: 10 } }),
    field.text('tracker_offer_id', { format: 'identifier', maxLength: 100, searchable: true }),
    ...syncFields,
    field.integer('keitaro_offer_id', { ...KEITARO_ID }),
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
    field.integer('campaign_id', { min: 1, format: 'identifier', required: true, filter: ['eq'] }),
    field.text('campaign_name', { required: true }),
    // An ad account's id in the ad platform; the web links it when the social plugin runs.
    field.text('ad_account', { format: 'identifier', maxLength: 100, filter: ['eq', 'contains'], searchable: true }),
    field.reference('offer', referenceTo(offersResource), { required: true, related: { order: 10 } }),
    field.text('pixel', { maxLength: 100, list: false }),
    // streamLink() of the offer's tracker and the campaign, kept by the server on every write.
    field.url('link', { maxLength: 2048, readOnly: true, filter: false, sortable: false }),
    field.reference('user', USERS_REFERENCE),
    field.text('site', { maxLength: 253 }),
    field.boolean('is_default', { default: false }),
    ...syncFields,
    field.integer('keitaro_campaign_id', { ...KEITARO_ID }),
    field.integer('keitaro_stream_id', { ...KEITARO_ID }),
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
    field.date('date_from', { required: true }),
    field.date('date_finish', { required: true }),
    field.text('brand', { required: true }),
    field.money('epl_buyer', { ...PAYOUT }),
    field.money('epl', { ...PAYOUT }),
    field.percent('crg', { scale: 2, min: '0', max: '100' }),
    field.reference('tracker', TRACKER, { required: true }),
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
    field.date('date', { required: true }),
    // Leads a tracker takes that day: the most its approved requests may add up to.
    field.integer('cap', { min: 0, required: true }),
    field.reference('tracker', TRACKER, { required: true }),
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
    field.integer('cap', { min: 1, required: true }),
    field.reference('tracker', TRACKER, { required: true }),
    field.date('date', { required: true }),
    // The caller when left out.
    field.reference('requester', USERS_REFERENCE),
    field.enum('status', REQUEST_STATUSES, { tones: REQUEST_STATUS_TONES, default: 'pending', readOnly: true }),
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

/** A project seen from affiliate work (`/finance-projects`): its advertisers, vertical and manager. */
export const financeProjectsResource = defineResource({
  id: 'tracker.finance_projects',
  service: 'tracker',
  path: 'finance-projects',
  table: 'tracker.finance_projects',
  titleKey: 'tracker:nav.financeProjects',
  recordKey: 'tracker:records.financeProject',
  access: { read: 'TF', write: 'TF' },
  fields: [
    field.text('name', { required: true, unique: true }),
    field.reference('advertisers', referenceTo(advertisersResource), { many: true, filter: false }),
    // The one Vertical entity is finance's: see README.md.
    field.reference('vertical', referenceTo(verticalsResource)),
    field.reference('manager', USERS_REFERENCE),
    field.enum('status', PROJECT_STATUSES, {
      labelKey: 'tracker:fields.projectStatus',
      tones: PROJECT_STATUS_TONES,
      default: 'active',
    }),
    field.longText('comment'),
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
