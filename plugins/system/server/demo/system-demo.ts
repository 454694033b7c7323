import { localIsoDate, type FieldValue, type ResourceDefinition } from '@core/sdk/shared';
import type { Database, DemoContext } from '@core/sdk/server';
import {
  countryLanguagesResource,
  domainsResource,
  domainUsersResource,
  languagesResource,
  projectsResource,
  proxiesResource,
  proxyProvidersResource,
  serversResource,
  servicesResource,
  sitesResource,
  whitesResource,
} from '../../shared/resources';

/**
 * Demonstration records for every system screen: languages and the countries that speak them, three
 * registrants, services of each group (the local registrar and CDN among them), the local proxy
 * provider and proxies from the documentation address ranges (some ending within a week, one
 * expired), servers (one expiring soon, one expired), two projects buying through the local
 * registrar and CDN, domains, whites and sites (two critical ones whose domain or server is about to
 * expire, so the dashboard's warning shows).
 *
 * Nothing here was bought: the domains that stand for local purchases say so (`local`, zones and
 * orders named `local-demo-…`, the `.invalid` nameservers the local CDN hands out), the others were
 * recorded by hand. Addresses come from RFC 5737 and RFC 3849 (they reach no real host) and every
 * password, key and login:pass is an obviously fake `demo-…` value. Runs once: a system plugin with
 * a language is left alone.
 */

type Values = Readonly<Record<string, FieldValue>>;

/** The day `days` from today (negative: past), as a plain date. */
function inDays(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return localIsoDate(day);
}

// ISO 3166-1 numeric codes: the ids of core countries.
const COUNTRY = {
  US: 840,
  CA: 124,
  MX: 484,
  BR: 76,
  DE: 276,
  FR: 250,
  ES: 724,
  IT: 380,
  CH: 756,
  PL: 616,
  UA: 804,
} as const;

const LOCAL_NAMESERVERS = 'ns1.local.invalid, ns2.local.invalid';

/** A proxy's `team` values by agency name: finance's demo agencies, or none while finance does not run. */
async function agencyTeams(db: Database): Promise<(name: string) => Values> {
  const field = proxiesResource.fields.find((candidate) => candidate.name === 'team');
  if (field?.kind !== 'reference') return () => ({});
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT id::text AS id, name FROM ${field.target.table} WHERE deleted_at IS NULL`,
  );
  const ids = new Map(rows.map((row) => [row.name, Number(row.id)]));
  return (name): Values => {
    const id = ids.get(name);
    return id === undefined ? {} : { team: id };
  };
}

export async function seedSystemDemo(db: Database, demo: DemoContext): Promise<void> {
  const { rows } = await db.query(`SELECT 1 FROM ${languagesResource.table} LIMIT 1`);
  if (rows.length > 0) return;
  // The engine's writer takes values as given (the API's form reading is what fills defaults), so defaults are spelt out.
  const create = (definition: ResourceDefinition, values: Values) =>
    demo.records.create(definition, values, demo.author).then((record) => record.id);
  const author = demo.author.id;

  const language: Record<string, number> = {};
  for (const [code, name] of [
    ['en', 'English'],
    ['es', 'Spanish'],
    ['de', 'German'],
    ['fr', 'French'],
    ['it', 'Italian'],
    ['pt', 'Portuguese'],
    ['pl', 'Polish'],
    ['uk', 'Ukrainian'],
  ] as const) {
    language[code] = await create(languagesResource, { name, code });
  }
  const spoken: [number, readonly string[]][] = [
    [COUNTRY.US, ['en', 'es']],
    [COUNTRY.CA, ['en', 'fr']],
    [COUNTRY.MX, ['es']],
    [COUNTRY.BR, ['pt']],
    [COUNTRY.DE, ['de']],
    [COUNTRY.FR, ['fr']],
    [COUNTRY.ES, ['es']],
    [COUNTRY.CH, ['de', 'fr', 'it']],
    [COUNTRY.PL, ['pl']],
    [COUNTRY.UA, ['uk']],
  ];
  for (const [country, codes] of spoken)
    await create(countryLanguagesResource, { country, languages: codes.map((code) => language[code]!) });

  const registrant = (values: Values) => create(domainUsersResource, { organization: null, ...values });
  const maria = await registrant({
    first_name: 'Maria',
    last_name: 'Lopez',
    address: '500 Market Street, Suite 12',
    city: 'San Francisco',
    province: 'CA',
    country: COUNTRY.US,
    postal_code: '94105',
    phone: '+14155550123',
    email: 'maria.lopez@agency.example',
    organization: 'Northwind Media LLC',
  });
  const jonas = await registrant({
    first_name: 'Jonas',
    last_name: 'Weber',
    address: 'Friedrichstraße 68',
    city: 'Berlin',
    province: 'Berlin',
    country: COUNTRY.DE,
    postal_code: '10117',
    phone: '+4930555012345',
    email: 'jonas.weber@agency.example',
  });
  await registrant({
    first_name: 'Olena',
    last_name: 'Shevchenko',
    address: 'Khreshchatyk St 22',
    city: 'Kyiv',
    province: 'Kyiv',
    country: COUNTRY.UA,
    postal_code: '01001',
    phone: '+380445550199',
    email: 'olena.shevchenko@agency.example',
  });

  const service = (values: Values) => create(servicesResource, { sub_group: null, credentials: {}, ...values });
  const localRegistrar = await service({ name: 'Local registrar (no purchase)', group: 'registrar', adapter: 'local' });
  await service({
    name: 'Namecheap (agency account)',
    group: 'registrar',
    adapter: 'namecheap',
    credentials: { ApiUser: 'demo-agency', ApiKey: 'demo-not-a-real-namecheap-key' },
  });
  const localCdn = await service({ name: 'Local CDN (no purchase)', group: 'cdn', adapter: 'local' });
  await service({
    name: 'Cloudflare (agency account)',
    group: 'cdn',
    adapter: 'cloudflare',
    credentials: { api_token: 'demo-not-a-real-cloudflare-token' },
  });
  await service({
    name: 'Hetzner Cloud',
    group: 'hosting',
    sub_group: 'VPS',
    adapter: 'none',
    credentials: { login: 'ops@agency.example', password: 'demo-not-a-real-password' },
  });
  await service({ name: 'DigitalOcean', group: 'hosting', sub_group: 'Droplets', adapter: 'none' });
  await service({
    name: 'Keitaro license',
    group: 'other',
    sub_group: 'Tracker',
    adapter: 'none',
    credentials: { license_key: 'demo-not-a-real-license' },
  });
  await service({ name: 'Google Workspace', group: 'other', sub_group: 'Mail', adapter: 'none' });

  const localProvider = await create(proxyProvidersResource, {
    name: 'Local (no purchase)',
    adapter: 'local',
    credentials: {},
  });
  // Its balance as a check would have recorded it a day ago (the demo's key reaches no account).
  const checkedYesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  await create(proxyProvidersResource, {
    name: 'Proxy6.net (agency account)',
    adapter: 'proxy6',
    credentials: { api_key: 'demo-not-a-real-proxy6-key' },
    balance: { amount: '1250.00', currency: 'RUB' },
    balance_checked_at: checkedYesterday,
  });
  const team = await agencyTeams(db);
  const proxy = (index: number, values: Values) =>
    create(proxiesResource, {
      name: null,
      reset_link: null,
      order_id: `local-demo-${index}`,
      period_days: 30,
      account_count: 0,
      status: 'active',
      type: 'http',
      provider: localProvider,
      address: `203.0.113.${10 + index}:8080`,
      credentials_pair: `demo${index}:demo-not-a-real-pass`,
      ...values,
    });
  const usProxy = await proxy(1, {
    name: 'US residential 1',
    country: COUNTRY.US,
    ...team('Alpha Team'),
    end_date: inDays(24),
    account_count: 3,
    checked_at: new Date().toISOString(),
    latency_ms: 142,
    exit_ip: '203.0.113.11',
  });
  await proxy(2, {
    name: 'US residential 2',
    country: COUNTRY.US,
    ...team('Alpha Team'),
    end_date: inDays(5),
    account_count: 2,
  });
  const deProxy = await proxy(3, {
    name: 'DE socks',
    country: COUNTRY.DE,
    type: 'socks5',
    address: '198.51.100.23:1080',
    ...team('Bravo Media'),
    end_date: inDays(18),
  });
  await proxy(4, {
    name: 'DE socks 2',
    country: COUNTRY.DE,
    type: 'socks5',
    address: '198.51.100.24:1080',
    ...team('Bravo Media'),
    end_date: inDays(3),
  });
  await proxy(5, {
    name: 'BR mobile',
    country: COUNTRY.BR,
    type: 'mobile',
    period_days: 7,
    end_date: inDays(6),
    reset_link: 'https://proxy.example/reset/demo-5',
  });
  await proxy(6, { country: COUNTRY.PL, end_date: inDays(40), period_days: 60 });
  const frProxy = await proxy(7, {
    name: 'FR IPv6',
    country: COUNTRY.FR,
    address: '[2001:db8::17]:3128',
    end_date: inDays(12),
  });
  // A team typed before teams were agencies, naming none (migration 0004 keeps such text): shown as not in the list.
  await db.query(`UPDATE ${proxiesResource.table} SET team_legacy = 'Night shift' WHERE id = $1`, [frProxy]);
  await proxy(8, { name: 'MX old', country: COUNTRY.MX, end_date: inDays(-4), status: 'expired', account_count: 1 });

  const server = (values: Values) =>
    create(serversResource, {
      domain: null,
      comment: null,
      port: 22,
      password: null,
      auth_key: null,
      ssh_key: null,
      ipv6: null,
      type: 'vps',
      status: 'active',
      reserved: false,
      ...values,
    });
  const fra = await server({
    name: 'fra-1',
    domain: 'fra-1.servers.example',
    provider: 'Hetzner',
    ip: '192.0.2.10',
    ipv6: '2001:db8:10::1',
    expiry_date: inDays(120),
    password: 'demo-not-a-real-root-password',
    ssh_key: '-----BEGIN OPENSSH PRIVATE KEY-----\ndemo-not-a-real-key\n-----END OPENSSH PRIVATE KEY-----',
    comment: 'Main landing server.',
  });
  const fraTwo = await server({
    name: 'fra-2',
    provider: 'Hetzner',
    ip: '192.0.2.11',
    expiry_date: inDays(6),
    auth_key: 'demo-not-a-real-auth-key',
    comment: 'Renewal due: pay the invoice this week.',
  });
  const ams = await server({
    name: 'ams-1',
    provider: 'DigitalOcean',
    type: 'cloud',
    ip: '192.0.2.20',
    ipv6: '2001:db8:20::1',
    expiry_date: inDays(200),
    port: 2222,
  });
  await server({
    name: 'nyc-old',
    provider: 'DigitalOcean',
    type: 'cloud',
    ip: '192.0.2.30',
    expiry_date: inDays(-10),
    status: 'expired',
    comment: 'Not renewed; sites moved to ams-1.',
  });
  await server({
    name: 'spare-1',
    provider: 'Hetzner',
    type: 'dedicated',
    ip: '192.0.2.40',
    expiry_date: inDays(300),
    reserved: true,
    status: 'stopped',
  });

  const nutra = await create(projectsResource, {
    name: 'Nutra EU',
    registrar: localRegistrar,
    cdn: localCdn,
    proxy: deProxy,
  });
  const dating = await create(projectsResource, {
    name: 'Dating US',
    registrar: localRegistrar,
    cdn: localCdn,
    proxy: usProxy,
  });

  const localDomain = (index: number, values: Values) =>
    create(domainsResource, {
      comment: null,
      server: null,
      job_status: 'succeeded',
      local: true,
      zone: `local-demo-${index}`,
      nameservers: LOCAL_NAMESERVERS,
      registrar_order: `LOCAL-DEMO-${index}`,
      ...values,
    });
  const slimfit = await localDomain(1, {
    name: 'slimfit-shop.example',
    project: nutra,
    domain_user: jonas,
    server: fra,
    expiry_date: inDays(300),
  });
  const vitality = await localDomain(2, {
    name: 'vitality-news.example',
    project: nutra,
    domain_user: jonas,
    server: fraTwo,
    expiry_date: inDays(280),
  });
  const meetNow = await localDomain(3, {
    name: 'meet-now.example',
    project: dating,
    domain_user: maria,
    server: ams,
    expiry_date: inDays(4),
    comment: 'Renew before the weekend campaign.',
  });
  const lovely = await localDomain(4, {
    name: 'lovely-match.example',
    project: dating,
    domain_user: maria,
    server: ams,
    expiry_date: inDays(330),
  });
  const blog = await localDomain(5, {
    name: 'health-tips-blog.example',
    project: nutra,
    domain_user: jonas,
    server: fra,
    expiry_date: inDays(150),
  });
  // Recorded by hand: bought elsewhere before the product ran, never through it.
  await create(domainsResource, {
    name: 'agency-brand.example',
    project: dating,
    domain_user: maria,
    server: null,
    zone: null,
    nameservers: null,
    registrar_order: null,
    job_status: 'none',
    local: false,
    expiry_date: inDays(90),
    comment: 'Registered by hand at the agency’s registrar.',
  });

  const white = (values: Values) =>
    create(whitesResource, { source: 'url', archive_name: null, archive_size: null, ...values });
  const recipes = await white({
    name: 'Healthy recipes (EN)',
    language: language.en!,
    url: 'https://whites.example/healthy-recipes/',
  });
  const garten = await white({
    name: 'Gartenblog (DE)',
    language: language.de!,
    url: 'https://whites.example/gartenblog/',
  });
  const travel = await white({
    name: 'Travel notes (EN)',
    language: language.en!,
    url: 'https://whites.example/travel-notes/',
  });

  const site = (values: Values) =>
    create(sitesResource, {
      tracker: 'main-keitaro',
      critical: false,
      type: 'landing',
      user: author,
      whites: [],
      ...values,
    });
  await site({ domain: meetNow, server: ams, critical: true, whites: [travel] });
  await site({ domain: vitality, server: fraTwo, critical: true, type: 'prelanding', whites: [recipes, garten] });
  await site({ domain: slimfit, server: fra, whites: [recipes] });
  await site({ domain: lovely, server: ams, type: 'white', whites: [travel] });
  await site({ domain: blog, server: fra, type: 'other', tracker: null });
}
