import {
  COUNTRIES_REFERENCE,
  defineResource,
  fieldBuilders,
  referenceTo,
  USERS_REFERENCE,
  type StatusTone,
} from '@core/sdk/shared';
import { agenciesResource } from '@plugins/finance/shared/resources';
import {
  E164_PATTERN,
  HOST_PORT_PATTERN,
  IPV4_PATTERN,
  IPV6_PATTERN,
  DOMAIN_NAME_PATTERN,
  ISO2_PATTERN,
} from './patterns';

/**
 * The system plugin's resources (proxy, proxy provider, service, server, project, domain user,
 * domain, site, country language, language, and sites' whites). Each gives its table, REST
 * resource and list screen; what a field cannot say (buying, checks, adapters) is the server's.
 *
 * Keys are systematic: a field's label is `system:fields.<camelName>`, an enum's value labels
 * `system:fields.<camelName>Values.<value>`, a record's noun `system:records.<camelName>`.
 */

/** Proxy protocols (spec: type). */
export const PROXY_TYPES = ['http', 'socks5', 'mobile'] as const;
export type ProxyType = (typeof PROXY_TYPES)[number];
export const PROXY_STATUSES = ['active', 'expired', 'failing', 'disabled'] as const;
export type ProxyStatus = (typeof PROXY_STATUSES)[number];
/** The badge colour of each ProxyStatus (a status column). */
export const PROXY_STATUS_TONES = {
  active: 'success',
  expired: 'danger',
  failing: 'warning',
  disabled: 'subtle',
} as const satisfies Readonly<Record<ProxyStatus, StatusTone>>;
/** How a provider is reached: the product's own local provider (never buys anything), or Proxy6.net's API. */
export const PROXY_ADAPTERS = ['local', 'proxy6'] as const;
export type ProxyAdapterName = (typeof PROXY_ADAPTERS)[number];

/** What a service account is for; a project's registrar and CDN are services of those groups. */
export const SERVICE_GROUPS = ['registrar', 'cdn', 'hosting', 'other'] as const;
export type ServiceGroup = (typeof SERVICE_GROUPS)[number];
/**
 * The API a service is driven through: `local` is the product's own registrar or CDN (state in the
 * database, nothing bought), `namecheap` a registrar, `cloudflare` a CDN, `none` a record only.
 */
export const SERVICE_ADAPTERS = ['none', 'local', 'namecheap', 'cloudflare'] as const;
export type ServiceAdapterName = (typeof SERVICE_ADAPTERS)[number];

export const SERVER_TYPES = ['vps', 'dedicated', 'cloud', 'shared'] as const;
export const SERVER_STATUSES = ['active', 'stopped', 'expired'] as const;
/** The badge colour of each server status (a status column). */
export const SERVER_STATUS_TONES = {
  active: 'success',
  stopped: 'warning',
  expired: 'danger',
} as const satisfies Readonly<Record<(typeof SERVER_STATUSES)[number], StatusTone>>;

export const SITE_TYPES = ['landing', 'prelanding', 'white', 'other'] as const;
export const WHITE_SOURCES = ['archive', 'url'] as const;

/** A domain's purchase as its job last reported it; `none` before any purchase (a domain recorded by hand). */
export const DOMAIN_JOB_STATUSES = ['none', 'queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type DomainJobStatus = (typeof DOMAIN_JOB_STATUSES)[number];
/** The badge colour of each DomainJobStatus (a status column). */
export const DOMAIN_JOB_STATUS_TONES = {
  none: 'subtle',
  queued: 'informative',
  running: 'brand',
  succeeded: 'success',
  failed: 'danger',
  cancelled: 'warning',
} as const satisfies Readonly<Record<DomainJobStatus, StatusTone>>;

const field = fieldBuilders('system:fields');
/** Key/value credentials (an API user and key, a token): keys shown, values write-only. */
const credentials = field.keyValue('credentials', {
  maxEntries: 20,
  secretValues: true,
  hintKey: 'system:fields.credentialsHint',
});

export const languagesResource = defineResource({
  id: 'system.languages',
  service: 'system',
  path: 'languages',
  table: 'system.languages',
  titleKey: 'system:nav.languages',
  recordKey: 'system:records.language',
  access: { read: 'YT', write: 'YT' },
  fields: [
    field.text('name', { required: true, unique: true, maxLength: 100 }),
    // ISO 639-1, lower case; the server also checks the code is one the standard assigns.
    field.text('code', {
      required: true,
      unique: true,
      searchable: true,
      maxLength: 2,
      pattern: ISO2_PATTERN,
      patternMessageKey: 'system:validation.iso2',
      placeholder: 'en',
      filter: ['eq'],
    }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});
export const LANGUAGE = referenceTo(languagesResource);

export const countryLanguagesResource = defineResource({
  id: 'system.country_languages',
  service: 'system',
  path: 'country-languages',
  table: 'system.country_languages',
  titleKey: 'system:nav.countryLanguages',
  recordKey: 'system:records.countryLanguage',
  access: { read: 'YL', write: 'YL' },
  fields: [
    field.reference('country', COUNTRIES_REFERENCE, { required: true, unique: true }),
    field.reference('languages', LANGUAGE, { required: true, many: true, filter: ['in'] }),
  ],
  labelField: 'country',
  defaultSort: { field: 'id', direction: 'asc' },
});

export const domainUsersResource = defineResource({
  id: 'system.domain_users',
  service: 'system',
  path: 'domain-users',
  table: 'system.domain_users',
  titleKey: 'system:nav.domainUsers',
  recordKey: 'system:records.domainUser',
  access: { read: 'YU', write: 'YU' },
  // Registrars take these as the registrant's contact: each is required and bounded as they require.
  fields: [
    field.text('first_name', { required: true, maxLength: 60 }),
    field.text('last_name', { required: true, maxLength: 60 }),
    field.text('address', { required: true, maxLength: 255 }),
    field.text('city', { required: true, maxLength: 60 }),
    field.text('province', { required: true, maxLength: 60 }),
    field.reference('country', COUNTRIES_REFERENCE, { required: true }),
    field.text('postal_code', {
      required: true,
      maxLength: 16,
      pattern: '^[A-Za-z0-9][A-Za-z0-9 -]{1,14}[A-Za-z0-9]$',
      patternMessageKey: 'system:validation.postalCode',
    }),
    field.text('phone', {
      required: true,
      maxLength: 16,
      pattern: E164_PATTERN,
      patternMessageKey: 'system:validation.phone',
      placeholder: '+14155550123',
    }),
    field.email('email', { required: true, maxLength: 254, searchable: true }),
    field.text('organization', { maxLength: 100 }),
  ],
  labelField: 'last_name',
  softDelete: true,
  defaultSort: { field: 'last_name', direction: 'asc' },
});
export const DOMAIN_USER = referenceTo(domainUsersResource);

export const proxyProvidersResource = defineResource({
  id: 'system.proxy_providers',
  service: 'system',
  path: 'proxy-providers',
  table: 'system.proxy_providers',
  titleKey: 'system:nav.proxyProviders',
  recordKey: 'system:records.proxyProvider',
  access: { read: 'YP', write: 'YP' },
  fields: [
    field.text('name', { required: true, unique: true, maxLength: 100 }),
    field.enum('adapter', PROXY_ADAPTERS, { required: true, default: 'local' }),
    credentials,
    // What the provider last said the account holds (its "balance" action asks again).
    field.money('balance', { readOnly: true, scale: 2 }),
    field.dateTime('balance_checked_at', { readOnly: true }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
  rowActions: [{ name: 'balance', labelKey: 'system:actions.balance', requires: 'YP', endpoint: 'balance' }],
});
export const PROXY_PROVIDER = referenceTo(proxyProvidersResource);

export const proxiesResource = defineResource({
  id: 'system.proxies',
  service: 'system',
  path: 'proxies',
  table: 'system.proxies',
  titleKey: 'system:nav.proxies',
  recordKey: 'system:records.proxy',
  access: { read: 'YP', write: 'YP' },
  fields: [
    // Optional: a bought proxy is named by its address until someone names it.
    field.text('name', { maxLength: 100 }),
    field.reference('country', COUNTRIES_REFERENCE),
    field.integer('period_days', { min: 1, max: 3650 }),
    field.enum('status', PROXY_STATUSES, { required: true, default: 'active', tones: PROXY_STATUS_TONES }),
    // An agency of finance (an optional dependency): without finance the field is left out, not free text,
    // so a team stays a record someone can rename, never a spelling. team_legacy keeps the text a team was
    // typed as where it named no agency (migration 0004), until a team is picked.
    field.reference('team', referenceTo(agenciesResource), { legacyField: 'team_legacy' }),
    field.text('team_legacy', { readOnly: true, maxLength: 100, list: false }),
    field.text('address', {
      required: true,
      maxLength: 60,
      pattern: HOST_PORT_PATTERN,
      patternMessageKey: 'system:validation.hostPort',
      placeholder: '203.0.113.7:8080',
    }),
    field.secret('credentials_pair', {
      maxLength: 300,
      pattern: '^[^:\\s]+:\\S+$',
      patternMessageKey: 'system:validation.loginPass',
    }),
    field.url('reset_link', { maxLength: 500, list: false, filter: false, sortable: false }),
    field.enum('type', PROXY_TYPES, { required: true, default: 'http' }),
    field.reference('provider', PROXY_PROVIDER),
    field.date('end_date'),
    field.integer('account_count', { min: 0, default: 0 }),
    field.text('order_id', { format: 'identifier', maxLength: 100, filter: ['eq'], searchable: true }),
    // The last check's outcome (the "check" action).
    field.dateTime('checked_at', { readOnly: true }),
    field.integer('latency_ms', { min: 0, readOnly: true }),
    field.text('exit_ip', { readOnly: true, maxLength: 45, filter: ['eq'], searchable: true }),
    field.text('check_error', { readOnly: true, maxLength: 300, list: false, filter: false, sortable: false }),
  ],
  labelField: 'address',
  softDelete: true,
  defaultSort: { field: 'end_date', direction: 'asc' },
  rowActions: [{ name: 'check', labelKey: 'system:actions.check', requires: 'YP', endpoint: 'check' }],
});
export const PROXY = referenceTo(proxiesResource);

export const servicesResource = defineResource({
  id: 'system.services',
  service: 'system',
  path: 'services',
  table: 'system.services',
  titleKey: 'system:nav.services',
  recordKey: 'system:records.service',
  access: { read: 'YS', write: 'YS' },
  fields: [
    field.text('name', { required: true, unique: true, maxLength: 100 }),
    field.enum('group', SERVICE_GROUPS, { required: true, default: 'other' }),
    field.text('sub_group', { maxLength: 100 }),
    field.enum('adapter', SERVICE_ADAPTERS, { required: true, default: 'none', hintKey: 'system:fields.adapterHint' }),
    credentials,
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});
export const SERVICE = referenceTo(servicesResource);

export const serversResource = defineResource({
  id: 'system.servers',
  service: 'system',
  path: 'servers',
  table: 'system.servers',
  titleKey: 'system:nav.servers',
  recordKey: 'system:records.server',
  access: { read: 'YE', write: 'YE' },
  fields: [
    field.text('name', { required: true, unique: true, maxLength: 100 }),
    field.text('domain', {
      searchable: true,
      maxLength: 253,
      pattern: DOMAIN_NAME_PATTERN,
      patternMessageKey: 'system:validation.domain',
    }),
    field.enum('type', SERVER_TYPES, { required: true, default: 'vps' }),
    field.secret('password', { maxLength: 200 }),
    field.longText('comment', { list: false, maxLength: 2000 }),
    field.integer('port', { min: 1, max: 65535, default: 22, format: 'identifier' }),
    field.secret('auth_key', { maxLength: 500 }),
    field.secret('ssh_key', { maxLength: 10000 }),
    field.text('ip', {
      searchable: true,
      maxLength: 15,
      pattern: IPV4_PATTERN,
      patternMessageKey: 'system:validation.ipv4',
      filter: ['eq', 'startsWith'],
    }),
    field.text('ipv6', {
      maxLength: 45,
      pattern: IPV6_PATTERN,
      patternMessageKey: 'system:validation.ipv6',
      filter: ['eq', 'startsWith'],
      list: false,
    }),
    field.enum('status', SERVER_STATUSES, { required: true, default: 'active', tones: SERVER_STATUS_TONES }),
    field.text('provider', { maxLength: 100 }),
    field.date('expiry_date'),
    field.boolean('reserved', { default: false }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'expiry_date', direction: 'asc' },
});
export const SERVER = referenceTo(serversResource);

export const projectsResource = defineResource({
  id: 'system.projects',
  service: 'system',
  path: 'projects',
  table: 'system.projects',
  titleKey: 'system:nav.projects',
  recordKey: 'system:records.project',
  access: { read: 'YA', write: 'YA' },
  fields: [
    field.text('name', { required: true, unique: true, maxLength: 100 }),
    // A service of the registrar group: where the project's domains are bought.
    field.reference('registrar', SERVICE, { required: true }),
    // A service of the CDN group: where the project's domains are pointed.
    field.reference('cdn', SERVICE, { required: true }),
    field.reference('proxy', PROXY),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});
export const PROJECT = referenceTo(projectsResource);

export const domainsResource = defineResource({
  id: 'system.domains',
  service: 'system',
  path: 'domains',
  table: 'system.domains',
  titleKey: 'system:nav.domains',
  recordKey: 'system:records.domain',
  access: { read: 'YD', write: 'YD' },
  fields: [
    field.text('name', {
      required: true,
      unique: true,
      maxLength: 253,
      pattern: DOMAIN_NAME_PATTERN,
      patternMessageKey: 'system:validation.domain',
      placeholder: 'example.com',
    }),
    field.reference('project', PROJECT, { required: true }),
    field.reference('domain_user', DOMAIN_USER, { required: true }),
    // The server the site on this domain runs on: the DNS records point at its addresses.
    field.reference('server', SERVER),
    // The CDN's zone id, set by the purchase.
    field.text('zone', { readOnly: true, maxLength: 100, filter: ['eq'] }),
    field.longText('comment', { list: false, maxLength: 2000 }),
    field.enum('job_status', DOMAIN_JOB_STATUSES, { readOnly: true, default: 'none', tones: DOMAIN_JOB_STATUS_TONES }),
    field.text('nameservers', { readOnly: true, maxLength: 600, list: false, filter: false, sortable: false }),
    field.date('expiry_date'),
    // Bought through the local registrar: nothing was paid for and the name is not registered anywhere.
    field.boolean('local', { default: false, readOnly: true }),
    field.text('registrar_order', { readOnly: true, maxLength: 100, list: false, filter: ['eq'], searchable: true }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});
export const DOMAIN = referenceTo(domainsResource);

export const whitesResource = defineResource({
  id: 'system.whites',
  service: 'system',
  path: 'whites',
  table: 'system.whites',
  titleKey: 'system:nav.whites',
  recordKey: 'system:records.white',
  access: { read: 'YQ', write: 'YQ' },
  fields: [
    field.text('name', { required: true, unique: true, maxLength: 100 }),
    field.reference('language', LANGUAGE),
    field.enum('source', WHITE_SOURCES, { required: true, default: 'url' }),
    // The page's address when the source is a URL.
    field.url('url', { maxLength: 500, sortable: false }),
    // The uploaded archive's file name and size, set by the upload.
    field.text('archive_name', { readOnly: true, maxLength: 200 }),
    field.integer('archive_size', { min: 0, readOnly: true, list: false }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});
export const WHITE = referenceTo(whitesResource);

export const sitesResource = defineResource({
  id: 'system.sites',
  service: 'system',
  path: 'sites',
  table: 'system.sites',
  titleKey: 'system:nav.sites',
  recordKey: 'system:records.site',
  access: { read: 'YQ', write: 'YQ' },
  fields: [
    field.reference('domain', DOMAIN, { required: true, unique: true }),
    // The tracker (Keitaro instance) the site sends its traffic through, by its slug.
    field.text('tracker', { maxLength: 100 }),
    field.boolean('critical', { default: false }),
    field.enum('type', SITE_TYPES, { required: true, default: 'landing' }),
    field.reference('user', USERS_REFERENCE),
    field.reference('server', SERVER),
    field.reference('whites', WHITE, { many: true, filter: ['in'] }),
  ],
  labelField: 'domain',
  softDelete: true,
  defaultSort: { field: 'id', direction: 'desc' },
});

export const SYSTEM_RESOURCES = [
  languagesResource,
  countryLanguagesResource,
  domainUsersResource,
  proxyProvidersResource,
  proxiesResource,
  servicesResource,
  serversResource,
  projectsResource,
  domainsResource,
  whitesResource,
  sitesResource,
] as const;
