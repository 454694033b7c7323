import {
  COUNTRIES_REFERENCE,
  defineResource,
  referenceTo,
  USERS_REFERENCE,
  type FieldDefinition,
  type ReferenceTarget,
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
 * The system plugin's resources (spec §3 Proxy, Proxy provider, Service, Server, Project, Domain
 * user, Domain, Site, Country language, Language; whites from §1). Each gives its table, REST
 * resource and list screen; what a field cannot say (buying, checks, adapters) is the server's.
 *
 * Keys are systematic: a field's label is `system:fields.<camelName>`, an enum's value labels
 * `system:fields.<camelName>Values.<value>`, a record's noun `system:records.<camelName>`.
 */

const TEXT_OPS = ['contains', 'eq', 'neq', 'startsWith'] as const;
const RANGE_OPS = ['gte', 'lte', 'eq'] as const;

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
export type WhiteSource = (typeof WHITE_SOURCES)[number];

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

function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
const label = (name: string): string => `system:fields.${camel(name)}`;

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
const longText = (name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({ kind: 'longText', name, labelKey: label(name), maxLength: 4000, list: false, ...extra }) as FieldDefinition;
const secret = (name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({ kind: 'secret', name, labelKey: label(name), maxLength: 500, ...extra }) as FieldDefinition;
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
const wholeNumber = (name: string, min: number, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({
    kind: 'number',
    name,
    labelKey: label(name),
    integer: true,
    min,
    filter: RANGE_OPS,
    sortable: true,
    ...extra,
  }) as FieldDefinition;
const day = (name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({ kind: 'date', name, labelKey: label(name), filter: RANGE_OPS, sortable: true, ...extra }) as FieldDefinition;
const instant = (name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({
    kind: 'datetime',
    name,
    labelKey: label(name),
    readOnly: true,
    filter: ['gte', 'lte'],
    sortable: true,
    ...extra,
  }) as FieldDefinition;
const flag = (name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({
    kind: 'boolean',
    name,
    labelKey: label(name),
    default: false,
    filter: ['eq'],
    sortable: true,
    ...extra,
  }) as FieldDefinition;
/** Key/value credentials (an API user and key, a token): keys shown, values write-only. */
const credentials = (extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({
    kind: 'keyValue',
    name: 'credentials',
    labelKey: label('credentials'),
    maxEntries: 20,
    secretValues: true,
    hintKey: 'system:fields.credentialsHint',
    ...extra,
  }) as FieldDefinition;

export const languagesResource = defineResource({
  id: 'system.languages',
  service: 'system',
  path: 'languages',
  table: 'system.languages',
  titleKey: 'system:nav.languages',
  recordKey: 'system:records.language',
  access: { read: 'YT', write: 'YT' },
  fields: [
    text('name', { required: true, unique: true, maxLength: 100 }),
    // ISO 639-1, lower case; the server also checks the code is one the standard assigns.
    text('code', {
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
    reference('country', COUNTRIES_REFERENCE, { required: true, unique: true }),
    reference('languages', LANGUAGE, { required: true, many: true, filter: ['in'] }),
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
    text('first_name', { required: true, maxLength: 60 }),
    text('last_name', { required: true, maxLength: 60 }),
    text('address', { required: true, maxLength: 255 }),
    text('city', { required: true, maxLength: 60 }),
    text('province', { required: true, maxLength: 60 }),
    reference('country', COUNTRIES_REFERENCE, { required: true }),
    text('postal_code', {
      required: true,
      maxLength: 16,
      pattern: '^[A-Za-z0-9][A-Za-z0-9 -]{1,14}[A-Za-z0-9]$',
      patternMessageKey: 'system:validation.postalCode',
    }),
    text('phone', {
      required: true,
      maxLength: 16,
      pattern: E164_PATTERN,
      patternMessageKey: 'system:validation.phone',
      placeholder: '+14155550123',
    }),
    {
      kind: 'email',
      name: 'email',
      labelKey: label('email'),
      required: true,
      maxLength: 254,
      filter: TEXT_OPS,
      sortable: true,
      searchable: true,
    },
    text('organization', { maxLength: 100 }),
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
    text('name', { required: true, unique: true, maxLength: 100 }),
    enumeration('adapter', PROXY_ADAPTERS, { required: true, default: 'local' }),
    credentials(),
    // What the provider last said the account holds (its "balance" action asks again).
    {
      kind: 'money',
      name: 'balance',
      labelKey: label('balance'),
      readOnly: true,
      scale: 2,
      filter: RANGE_OPS,
      sortable: true,
    },
    instant('balance_checked_at'),
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
    // Optional (spec §5): a bought proxy is named by its address until someone names it.
    text('name', { maxLength: 100 }),
    reference('country', COUNTRIES_REFERENCE),
    wholeNumber('period_days', 1, { max: 3650 }),
    enumeration('status', PROXY_STATUSES, { required: true, default: 'active', tones: PROXY_STATUS_TONES }),
    // An agency of finance (an optional dependency): without finance the field is left out, not free text,
    // so a team stays a record someone can rename, never a spelling. team_legacy keeps the text a team was
    // typed as where it named no agency (migration 0004), until a team is picked.
    reference('team', referenceTo(agenciesResource), { legacyField: 'team_legacy' }),
    text('team_legacy', { readOnly: true, maxLength: 100, list: false }),
    text('address', {
      required: true,
      maxLength: 60,
      pattern: HOST_PORT_PATTERN,
      patternMessageKey: 'system:validation.hostPort',
      placeholder: '203.0.113.7:8080',
    }),
    secret('credentials_pair', {
      maxLength: 300,
      pattern: '^[^:\\s]+:\\S+$',
      patternMessageKey: 'system:validation.loginPass',
    }),
    { kind: 'url', name: 'reset_link', labelKey: label('reset_link'), maxLength: 500, list: false },
    enumeration('type', PROXY_TYPES, { required: true, default: 'http' }),
    reference('provider', PROXY_PROVIDER),
    day('end_date'),
    wholeNumber('account_count', 0, { default: 0 }),
    text('order_id', { format: 'identifier', maxLength: 100, filter: ['eq'], searchable: true }),
    // The last check's outcome (the "check" action).
    instant('checked_at'),
    wholeNumber('latency_ms', 0, { readOnly: true }),
    text('exit_ip', { readOnly: true, maxLength: 45, filter: ['eq'], searchable: true }),
    text('check_error', { readOnly: true, maxLength: 300, list: false, filter: undefined, sortable: false }),
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
    text('name', { required: true, unique: true, maxLength: 100 }),
    enumeration('group', SERVICE_GROUPS, { required: true, default: 'other' }),
    text('sub_group', { maxLength: 100 }),
    enumeration('adapter', SERVICE_ADAPTERS, { required: true, default: 'none', hintKey: 'system:fields.adapterHint' }),
    credentials(),
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
    text('name', { required: true, unique: true, maxLength: 100 }),
    text('domain', {
      searchable: true,
      maxLength: 253,
      pattern: DOMAIN_NAME_PATTERN,
      patternMessageKey: 'system:validation.domain',
    }),
    enumeration('type', SERVER_TYPES, { required: true, default: 'vps' }),
    secret('password', { maxLength: 200 }),
    longText('comment', { maxLength: 2000 }),
    wholeNumber('port', 1, { max: 65535, default: 22, format: 'identifier' }),
    secret('auth_key', { maxLength: 500 }),
    secret('ssh_key', { maxLength: 10000 }),
    text('ip', {
      searchable: true,
      maxLength: 15,
      pattern: IPV4_PATTERN,
      patternMessageKey: 'system:validation.ipv4',
      filter: ['eq', 'startsWith'],
    }),
    text('ipv6', {
      maxLength: 45,
      pattern: IPV6_PATTERN,
      patternMessageKey: 'system:validation.ipv6',
      filter: ['eq', 'startsWith'],
      list: false,
    }),
    enumeration('status', SERVER_STATUSES, { required: true, default: 'active', tones: SERVER_STATUS_TONES }),
    text('provider', { maxLength: 100 }),
    day('expiry_date'),
    flag('reserved'),
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
    text('name', { required: true, unique: true, maxLength: 100 }),
    // A service of the registrar group: where the project's domains are bought.
    reference('registrar', SERVICE, { required: true }),
    // A service of the CDN group: where the project's domains are pointed.
    reference('cdn', SERVICE, { required: true }),
    reference('proxy', PROXY),
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
    text('name', {
      required: true,
      unique: true,
      maxLength: 253,
      pattern: DOMAIN_NAME_PATTERN,
      patternMessageKey: 'system:validation.domain',
      placeholder: 'example.com',
    }),
    reference('project', PROJECT, { required: true }),
    reference('domain_user', DOMAIN_USER, { required: true }),
    // The server the site on this domain runs on: the DNS records point at its addresses.
    reference('server', SERVER),
    // The CDN's zone id, set by the purchase.
    text('zone', { readOnly: true, maxLength: 100, filter: ['eq'] }),
    longText('comment', { maxLength: 2000 }),
    enumeration('job_status', DOMAIN_JOB_STATUSES, { readOnly: true, default: 'none', tones: DOMAIN_JOB_STATUS_TONES }),
    text('nameservers', { readOnly: true, maxLength: 600, list: false, filter: undefined, sortable: false }),
    day('expiry_date'),
    // Bought through the local registrar: nothing was paid for and the name is not registered anywhere.
    flag('local', { readOnly: true }),
    text('registrar_order', { readOnly: true, maxLength: 100, list: false, filter: ['eq'], searchable: true }),
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
    text('name', { required: true, unique: true, maxLength: 100 }),
    reference('language', LANGUAGE),
    enumeration('source', WHITE_SOURCES, { required: true, default: 'url' }),
    // The page's address when the source is a URL.
    { kind: 'url', name: 'url', labelKey: label('url'), maxLength: 500, filter: TEXT_OPS },
    // The uploaded archive's file name and size, set by the upload.
    text('archive_name', { readOnly: true, maxLength: 200 }),
    wholeNumber('archive_size', 0, { readOnly: true, list: false }),
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
    reference('domain', DOMAIN, { required: true, unique: true }),
    // The tracker (Keitaro instance) the site sends its traffic through, by its slug.
    text('tracker', { maxLength: 100 }),
    flag('critical'),
    enumeration('type', SITE_TYPES, { required: true, default: 'landing' }),
    reference('user', USERS_REFERENCE),
    reference('server', SERVER),
    reference('whites', WHITE, { many: true, filter: ['in'] }),
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
