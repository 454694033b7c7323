import { defineResource, fieldBuilders, referenceTo, USERS_REFERENCE, type StatusTone } from '@core/sdk/shared';
import { botsResource } from '@plugins/messenger/shared/resources';

/**
 * The shop's resources (category, product, position, order, agency team, report). Each gives
 * its table, REST resource and list screen; what a field cannot say (stock handed out once, day
 * limits, presale, the setup queue) is the server's order engine (server/orders).
 *
 * Keys are systematic: a field's label is `shop:fields.<camelName>`, an enum's value labels
 * `shop:fields.<camelName>Values.<value>`, a record's noun `shop:records.<camelName>`.
 */

/** Currencies the shop prices in. */
export const SHOP_CURRENCIES = ['USD', 'EUR'] as const;

/** A category's data layout: names of the parts of a position's line, joined by colons (`login:password:email`). */
export const FORMAT_PATTERN = '^[a-z][a-z0-9_]*(:[a-z][a-z0-9_]*){0,19}$';
/** One line: an order text carries no line break. */
export const ONE_LINE_PATTERN = '^[^\\r\\n]*$';
/** An IANA time zone name as Intl knows them (`Europe/Kyiv`, `UTC`); the server checks it exists. */
export const TIME_ZONE_PATTERN = '^[A-Za-z_]+(/[A-Za-z0-9_+-]+){0,2}$';

export const PRODUCT_STATUSES = ['active', 'hidden', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
/** The badge colour of each ProductStatus (a status column). */
export const PRODUCT_STATUS_TONES = {
  active: 'success',
  hidden: 'warning',
  archived: 'subtle',
} as const satisfies Readonly<Record<ProductStatus, StatusTone>>;
export const PRODUCT_TYPES = ['ad-account', 'business-manager', 'page', 'profile', 'pixel', 'other'] as const;

/** A unit of stock: free to hand out, held for a buyer, sold for good, or found broken. */
export const POSITION_STATES = ['free', 'reserved', 'sold', 'defective'] as const;
export type PositionState = (typeof POSITION_STATES)[number];
/** The badge colour of each PositionState (a status column). */
export const POSITION_STATE_TONES = {
  free: 'success',
  reserved: 'warning',
  sold: 'informative',
  defective: 'danger',
} as const satisfies Readonly<Record<PositionState, StatusTone>>;

/** Spec: new → in progress → completed | cancelled. */
export const ORDER_STATUSES = ['new', 'in_progress', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The badge colour of each OrderStatus (a status column). */
export const ORDER_STATUS_TONES = {
  new: 'informative',
  in_progress: 'brand',
  completed: 'success',
  cancelled: 'subtle',
} as const satisfies Readonly<Record<OrderStatus, StatusTone>>;
export const ORDER_SOURCES = ['web', 'bot', 'api'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** The setup queue: waiting, taken by someone, finished well or not. */
export const SETUP_STATES = ['queued', 'taken', 'done', 'failed'] as const;
export type SetupState = (typeof SETUP_STATES)[number];
/** The badge colour of each SetupState (a status column). */
export const SETUP_STATE_TONES = {
  queued: 'informative',
  taken: 'brand',
  done: 'success',
  failed: 'danger',
} as const satisfies Readonly<Record<SetupState, StatusTone>>;

/** A delivered asset as the platform last reported it. */
export const ASSET_STATUSES = ['active', 'limited', 'disabled'] as const;
/** The badge colour of each asset status (a status column). */
export const ASSET_STATUS_TONES = {
  active: 'success',
  limited: 'warning',
  disabled: 'danger',
} as const satisfies Readonly<Record<(typeof ASSET_STATUSES)[number], StatusTone>>;

const field = fieldBuilders('shop:fields');

export const categoriesResource = defineResource({
  id: 'shop.categories',
  service: 'shop',
  path: 'categories',
  table: 'shop.categories',
  titleKey: 'shop:nav.categories',
  recordKey: 'shop:records.category',
  access: { read: 'SC', write: 'SC' },
  fields: [
    field.text('name', { required: true, unique: true }),
    field.longText('comment', { list: false }),
    field.text('format', {
      required: true,
      pattern: FORMAT_PATTERN,
      patternMessageKey: 'shop:validation.format',
      hintKey: 'shop:fields.formatHint',
      placeholder: 'login:password:email',
    }),
    // Free positions of the category's products, kept by the stock engine.
    field.integer('count', { min: 0, readOnly: true, default: 0 }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});
export const CATEGORY = referenceTo(categoriesResource);

export const productsResource = defineResource({
  id: 'shop.products',
  service: 'shop',
  path: 'products',
  table: 'shop.products',
  titleKey: 'shop:nav.products',
  recordKey: 'shop:records.product',
  access: { read: 'SP', write: 'SP' },
  fields: [
    field.text('name', { required: true, unique: true }),
    field.money('price', { required: true, scale: 2, min: '0', currencies: SHOP_CURRENCIES, defaultCurrency: 'USD' }),
    field.reference('category', CATEGORY, { required: true }),
    // Units one team may order per day (the team's time zone); none means no limit.
    field.integer('day_limit', { min: 1, hintKey: 'shop:fields.dayLimitHint', emptyLabelKey: 'shop:fields.noLimit' }),
    field.text('order_text', {
      maxLength: 500,
      pattern: ONE_LINE_PATTERN,
      patternMessageKey: 'shop:validation.oneLine',
      hintKey: 'shop:fields.orderTextHint',
      list: false,
    }),
    field.longText('description', { maxLength: 4000, list: false }),
    field.enum('status', PRODUCT_STATUSES, { required: true, default: 'active', tones: PRODUCT_STATUS_TONES }),
    field.enum('type', PRODUCT_TYPES, { required: true, default: 'ad-account' }),
    // Orders of it go to the setup queue once completed.
    field.boolean('needs_setup', { default: false }),
    // Free positions, kept by the stock engine.
    field.integer('in_stock', { min: 0, readOnly: true, default: 0 }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});
export const PRODUCT = referenceTo(productsResource);

export const teamsResource = defineResource({
  id: 'shop.teams',
  service: 'shop',
  path: 'teams',
  table: 'shop.teams',
  titleKey: 'shop:nav.teams',
  recordKey: 'shop:records.team',
  access: { read: 'SO', write: 'SO' },
  fields: [
    field.text('name', { required: true, unique: true }),
    // The Google spreadsheet the team's orders are exported to.
    field.text('sheet_key', {
      maxLength: 200,
      pattern: '^[A-Za-z0-9_-]{20,100}$',
      patternMessageKey: 'shop:validation.sheetKey',
      filter: ['eq'],
      list: false,
    }),
    field.reference('bot', referenceTo(botsResource)),
    field.text('uuid', { readOnly: true, maxLength: 36, filter: ['eq'], list: false, searchable: true }),
    // The team's day, for day limits.
    field.text('timezone', {
      required: true,
      default: 'UTC',
      maxLength: 64,
      pattern: TIME_ZONE_PATTERN,
      patternMessageKey: 'shop:validation.timeZone',
      filter: ['eq'],
    }),
    field.reference('products', PRODUCT, { many: true, filter: false }),
    field.reference('users', USERS_REFERENCE, { many: true, filter: false }),
    // The spreadsheet export: when it last ran, and the last order it carried (the next one appends after it).
    field.dateTime('sheet_exported_at', { readOnly: true, list: false }),
    field.integer('sheet_exported_through', { min: 0, readOnly: true, list: false, filter: false, sortable: false }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
  rowActions: [
    { name: 'export-sheet', labelKey: 'shop:actions.exportSheet', requires: 'SO', endpoint: 'export-sheet' },
  ],
});
export const TEAM = referenceTo(teamsResource);

export const ordersResource = defineResource({
  id: 'shop.orders',
  service: 'shop',
  path: 'orders',
  table: 'shop.orders',
  titleKey: 'shop:nav.orders',
  recordKey: 'shop:records.order',
  access: { read: 'SO', write: 'SO' },
  fields: [
    // "<product> × <quantity>", kept by the order engine: the order's label in other lists.
    field.text('title', { readOnly: true, maxLength: 300 }),
    field.reference('team', TEAM, { required: true }),
    field.reference('product', PRODUCT, { required: true }),
    field.integer('quantity', { min: 1, required: true, max: 10000 }),
    // Units handed out so far (a presale order fills as stock arrives): named apart from the quantity ordered.
    field.integer('count', { min: 0, readOnly: true, default: 0, labelKey: 'shop:fields.handedOut' }),
    field.money('value', { readOnly: true, scale: 2 }),
    field.enum('status', ORDER_STATUSES, { readOnly: true, default: 'new', tones: ORDER_STATUS_TONES }),
    // The buyer: the positions are reserved for this user.
    field.reference('user', USERS_REFERENCE, { required: true }),
    field.boolean('setup', { default: false }),
    field.boolean('presale', { default: false }),
    // Days the assets are needed for.
    field.integer('period', { min: 1, max: 365 }),
    field.text('campaign_group', { maxLength: 100 }),
    field.text('vertical', { maxLength: 100 }),
    field.enum('source', ORDER_SOURCES, { readOnly: true, default: 'web' }),
    field.text('timezone', { readOnly: true, maxLength: 64, list: false }),
    // The team's calendar day the order counts against its day limit.
    field.date('team_day', { readOnly: true, list: false }),
    field.reference('bot', referenceTo(botsResource), { readOnly: true, list: false }),
    // The messenger account that ordered through the bot.
    field.text('team_user', { format: 'identifier', readOnly: true, maxLength: 100, list: false }),
    field.dateTime('completed_at', { readOnly: true }),
  ],
  labelField: 'title',
  softDelete: true,
  defaultSort: { field: 'id', direction: 'desc' },
  rowActions: [
    {
      name: 'start',
      labelKey: 'shop:actions.start',
      requires: 'SO',
      endpoint: 'start',
      when: { field: 'status', values: ['new'] },
    },
    {
      name: 'complete',
      labelKey: 'shop:actions.complete',
      requires: 'SO',
      endpoint: 'complete',
      confirmKey: 'shop:actions.completeConfirm',
      when: { field: 'status', values: ['new', 'in_progress'] },
    },
    {
      name: 'cancel',
      labelKey: 'shop:actions.cancel',
      requires: 'SO',
      endpoint: 'cancel',
      confirmKey: 'shop:actions.cancelConfirm',
      when: { field: 'status', values: ['new', 'in_progress', 'completed'] },
    },
  ],
});
export const ORDER = referenceTo(ordersResource);

export const positionsResource = defineResource({
  id: 'shop.positions',
  service: 'shop',
  path: 'positions',
  table: 'shop.positions',
  titleKey: 'shop:nav.positions',
  recordKey: 'shop:records.position',
  access: { read: 'SQ', write: 'SQ' },
  fields: [
    // The product's name when the position was loaded: its label in other lists.
    field.text('title', { readOnly: true }),
    field.reference('product', PRODUCT, { required: true }),
    // The asset itself (login:password:…): write-only here, revealed by `GET positions/:id/data`.
    field.secret('data', { required: true, maxLength: 4000 }),
    field.enum('state', POSITION_STATES, { required: true, default: 'free', tones: POSITION_STATE_TONES }),
    field.dateTime('reserved_until', { readOnly: true }),
    // An order's record page lists the positions it handed out first.
    field.reference('order', ORDER, { readOnly: true, related: { labelKey: 'shop:orders.handedOut', order: 10 } }),
    // Whom a reserved or sold position went to.
    field.reference('owner', USERS_REFERENCE, { readOnly: true }),
  ],
  labelField: 'title',
  softDelete: true,
  defaultSort: { field: 'id', direction: 'desc' },
  pageSizes: [20, 50, 100, 250],
  rowActions: [{ name: 'reveal', labelKey: 'shop:actions.reveal', requires: 'SQ', endpoint: 'data' }],
});

export const setupTasksResource = defineResource({
  id: 'shop.setup-tasks',
  service: 'shop',
  path: 'setup-tasks',
  table: 'shop.setup_tasks',
  titleKey: 'shop:nav.setupProducts',
  recordKey: 'shop:records.setupTask',
  access: { read: 'SS', write: 'SS' },
  fields: [
    field.text('title', { readOnly: true, maxLength: 300 }),
    field.reference('order', ORDER, { readOnly: true, related: { order: 20 } }),
    field.reference('user', USERS_REFERENCE, { readOnly: true }),
    field.enum('state', SETUP_STATES, { readOnly: true, default: 'queued', tones: SETUP_STATE_TONES }),
    field.reference('assignee', USERS_REFERENCE, { readOnly: true }),
    field.longText('comment', { readOnly: true }),
    field.dateTime('taken_at', { readOnly: true, list: false }),
    field.dateTime('finished_at', { readOnly: true }),
  ],
  labelField: 'title',
  defaultSort: { field: 'id', direction: 'asc' },
  // Tasks come from completed orders and move only by take, done and fail.
  readOnly: true,
  rowActions: [
    {
      name: 'take',
      labelKey: 'shop:actions.take',
      requires: 'SS',
      endpoint: 'take',
      when: { field: 'state', values: ['queued'] },
    },
    {
      name: 'done',
      labelKey: 'shop:actions.done',
      requires: 'SS',
      endpoint: 'done',
      when: { field: 'state', values: ['taken'] },
    },
    {
      name: 'fail',
      labelKey: 'shop:actions.fail',
      requires: 'SS',
      endpoint: 'fail',
      when: { field: 'state', values: ['taken'] },
    },
  ],
});

export const reportsResource = defineResource({
  id: 'shop.reports',
  service: 'shop',
  path: 'reports',
  table: 'shop.reports',
  titleKey: 'shop:nav.reports',
  recordKey: 'shop:records.report',
  access: { read: 'SR', write: 'SR' },
  fields: [
    field.date('report_date', { required: true }),
    field.reference('order', ORDER),
    field.reference('user', USERS_REFERENCE),
    field.reference('product', PRODUCT),
    field.reference('category', CATEGORY),
    field.text('ads_account_id', {
      format: 'identifier',
      required: true,
      maxLength: 64,
      pattern: '^[0-9]{1,32}$',
      patternMessageKey: 'shop:validation.digits',
    }),
    field.text('bm_id', {
      format: 'identifier',
      searchable: true,
      maxLength: 64,
      pattern: '^[0-9]{1,32}$',
      patternMessageKey: 'shop:validation.digits',
    }),
    field.text('fp_id', {
      format: 'identifier',
      searchable: true,
      maxLength: 64,
      pattern: '^[0-9]{1,32}$',
      patternMessageKey: 'shop:validation.digits',
    }),
    field.secret('data', { maxLength: 4000 }),
    field.enum('status', ASSET_STATUSES, { required: true, default: 'active', tones: ASSET_STATUS_TONES }),
    field.text('disable_reason', { maxLength: 200 }),
    field.money('spent_usd', { required: true, scale: 2, min: '0', currencies: ['USD'], defaultCurrency: 'USD' }),
    field.text('vertical', { maxLength: 100 }),
    field.reference('team', TEAM),
  ],
  labelField: 'ads_account_id',
  softDelete: true,
  defaultSort: { field: 'report_date', direction: 'desc' },
});

export const SHOP_RESOURCES = [
  categoriesResource,
  productsResource,
  teamsResource,
  ordersResource,
  positionsResource,
  setupTasksResource,
  reportsResource,
] as const;

/** The shop's handler class for team bots. */
export const ORDER_HANDLER = 'shop.orders';
