import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT } from '@core/sdk/testing';
import { ISO_639_1_CODES, isIso639Code } from '@plugins/system/shared/iso-languages';
import { basics, fieldErrors, inventoryApp, type InventoryApp } from './inventory-support';

/** The inventory's rules through the API: each refusal with its field message, and what they accept. */

// The rules' clock: server expiry dates may run to ten years after this day.
const NOW = new Date(2026, 2, 10, 12);

let t: InventoryApp;
beforeAll(async () => {
  t = await inventoryApp({ now: () => NOW });
}, DB_TIMEOUT);
afterAll(() => t.close());

describe('languages', () => {
  it('knows the 183 assigned ISO 639-1 codes', () => {
    expect(ISO_639_1_CODES).toHaveLength(183);
    expect(new Set(ISO_639_1_CODES).size).toBe(183);
    expect(isIso639Code('uk')).toBe(true);
    expect(isIso639Code('EN')).toBe(true);
    expect(isIso639Code('xx')).toBe(false);
    expect(isIso639Code('bh')).toBe(false);
  });

  it('refuses a code ISO 639-1 does not assign, in English and Russian', async () => {
    expect(fieldErrors(await t.call('POST', 'languages', { name: 'Klingon', code: 'xx' })).code).toEqual([
      'This is not an ISO 639-1 language code: use an assigned two-letter code such as en or de.',
    ]);
    const russian = await t.call(
      'POST',
      'languages',
      { name: 'Klingon', code: 'qq' },
      { headers: { 'accept-language': 'ru' } },
    );
    expect(fieldErrors(russian).code).toEqual([
      'Это не код языка ISO 639-1: укажите присвоенный двухбуквенный код, например en или de.',
    ]);
    // Upper case is the pattern's to refuse (two lower-case letters).
    expect(fieldErrors(await t.call('POST', 'languages', { name: 'English', code: 'EN' })).code).toHaveLength(1);
  });

  it('stores an assigned code, and checks a changed one', async () => {
    const id = await t.create('languages', { name: 'Ukrainian', code: 'uk' });
    expect((await t.call('GET', `languages/${id}`)).json().data.code).toBe('uk');
    expect(fieldErrors(await t.patch(`languages/${id}`, { code: 'zz' })).code).toHaveLength(1);
    expect((await t.patch(`languages/${id}`, { name: 'Українська' })).statusCode).toBe(200);
  });
});

describe('domain users', () => {
  const registrant = {
    first_name: 'Jonas',
    last_name: 'Weber',
    address: 'Friedrichstraße 68',
    city: 'Berlin',
    province: 'Berlin',
    country: 276,
    postal_code: '10117',
    phone: '+4930555012345',
    email: 'jonas@agency.example',
  };

  it('takes a registrant as registrars require it', async () => {
    expect((await t.call('POST', 'domain-users', registrant)).statusCode).toBe(201);
  });

  it('refuses a phone that is not exactly E.164, a bad e-mail and postal code, an unknown country', async () => {
    for (const phone of ['+1 415 555 0123', '14155550123', '+04155550123', '+1234567890123456', '+1-415-555-0123']) {
      expect(fieldErrors(await t.call('POST', 'domain-users', { ...registrant, phone })).phone, phone).toHaveLength(1);
    }
    expect(fieldErrors(await t.call('POST', 'domain-users', { ...registrant, email: 'jonas@' })).email).toHaveLength(1);
    expect(
      fieldErrors(await t.call('POST', 'domain-users', { ...registrant, postal_code: '#1' })).postal_code,
    ).toHaveLength(1);
    expect(fieldErrors(await t.call('POST', 'domain-users', { ...registrant, country: 999 })).country).toHaveLength(1);
  });

  it('refuses a required field left blank or only spaces, and a value of the wrong JSON type', async () => {
    const errors = fieldErrors(
      await t.call('POST', 'domain-users', { ...registrant, city: '   ', last_name: '', address: undefined }),
    );
    expect(Object.keys(errors).sort()).toEqual(['address', 'city', 'last_name']);
    expect(fieldErrors(await t.call('POST', 'domain-users', { ...registrant, country: '276' })).country).toHaveLength(
      1,
    );
  });
});

describe('servers', () => {
  const server = {
    name: 'fra-1',
    type: 'vps',
    status: 'active',
    ip: '192.0.2.10',
    ipv6: '2001:db8::1',
    expiry_date: '2027-01-31',
  };

  it('refuses addresses that are not exact, and an expiry date outside 2000 to ten years ahead', async () => {
    expect(fieldErrors(await t.call('POST', 'servers', { ...server, ipv6: '2001:db8:1:2:3:4:5:6:7' })).ipv6).toEqual([
      'This is not an IPv6 address, such as 2001:db8::1.',
    ]);
    expect(fieldErrors(await t.call('POST', 'servers', { ...server, ipv6: '1:2:3' })).ipv6).toHaveLength(1);
    expect(fieldErrors(await t.call('POST', 'servers', { ...server, ip: '192.0.2.256' })).ip).toHaveLength(1);
    expect(fieldErrors(await t.call('POST', 'servers', { ...server, ip: '192.0.2.01' })).ip).toHaveLength(1);
    expect(fieldErrors(await t.call('POST', 'servers', { ...server, expiry_date: '1999-12-31' })).expiry_date).toEqual([
      'The expiry date must be between 01/01/00 and 03/10/36.',
    ]);
    const russian = await t.call(
      'POST',
      'servers',
      { ...server, expiry_date: '2036-03-11' },
      { headers: { 'accept-language': 'ru' } },
    );
    expect(fieldErrors(russian).expiry_date).toEqual(['Дата окончания должна быть между 01.01.2000 и 10.03.2036.']);
  });

  it('takes exact addresses, the compressed IPv6 forms and an expired date', async () => {
    const id = await t.create('servers', server);
    for (const ipv6 of ['::1', '2001:db8::', '::ffff:192.0.2.1', '2001:0db8:0000:0000:0000:0000:0000:0001']) {
      expect((await t.patch(`servers/${id}`, { ipv6 })).statusCode, ipv6).toBe(200);
    }
    expect((await t.patch(`servers/${id}`, { expiry_date: '2026-01-01', status: 'expired' })).statusCode).toBe(200);
    expect((await t.patch(`servers/${id}`, { expiry_date: '2036-03-10' })).statusCode).toBe(200);
  });
});

describe('services and projects', () => {
  let ids: Awaited<ReturnType<typeof basics>>;
  beforeAll(async () => {
    ids = await basics(t);
  });

  it('refuses an adapter outside the service’s group', async () => {
    expect(
      fieldErrors(
        await t.call('POST', 'services', {
          name: 'Cloudflare as registrar',
          group: 'registrar',
          adapter: 'cloudflare',
        }),
      ).adapter,
    ).toEqual(['A service of this group works with these adapters only: none, local, namecheap.']);
    expect(
      fieldErrors(await t.call('POST', 'services', { name: 'Namecheap CDN', group: 'cdn', adapter: 'namecheap' }))
        .adapter,
    ).toEqual(['A service of this group works with these adapters only: none, local, cloudflare.']);
    expect(
      fieldErrors(await t.call('POST', 'services', { name: 'Local hosting', group: 'hosting', adapter: 'local' }))
        .adapter,
    ).toHaveLength(1);
    const hosting = await t.create('services', { name: 'Hetzner', group: 'hosting', adapter: 'none' });
    expect(fieldErrors(await t.patch(`services/${hosting}`, { adapter: 'namecheap' })).adapter).toHaveLength(1);
    expect(
      (
        await t.call('POST', 'services', {
          name: 'Namecheap',
          group: 'registrar',
          adapter: 'namecheap',
          credentials: { ApiUser: 'a', ApiKey: 'b' },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('takes only a registrar-group registrar and a CDN-group CDN for a project', async () => {
    const hosting = await t.create('services', { name: 'DigitalOcean', group: 'hosting', adapter: 'none' });
    const errors = fieldErrors(await t.call('POST', 'projects', { name: 'Wrong', registrar: ids.cdn, cdn: hosting }));
    expect(errors).toEqual({
      registrar: ['The registrar must be a service of the registrar group.'],
      cdn: ['The CDN must be a service of the CDN group.'],
    });
    expect(fieldErrors(await t.patch(`projects/${ids.project}`, { cdn: ids.registrar })).cdn).toHaveLength(1);
    expect(
      fieldErrors(await t.call('POST', 'projects', { name: 'Ghost', registrar: 999_999, cdn: ids.cdn })).registrar,
    ).toHaveLength(1);
    expect(
      (await t.call('POST', 'projects', { name: 'Nutra EU', registrar: ids.registrar, cdn: ids.cdn })).statusCode,
    ).toBe(201);
  });

  it('keeps a service projects use in its group', async () => {
    const used = fieldErrors(await t.patch(`services/${ids.registrar}`, { group: 'other', adapter: 'none' }));
    expect(used.group).toEqual(['Projects use this service as their registrar: its group must stay registrar.']);
    expect(fieldErrors(await t.patch(`services/${ids.cdn}`, { group: 'registrar' })).group).toEqual([
      'Projects use this service as their CDN: its group must stay CDN.',
    ]);
    expect((await t.patch(`services/${ids.registrar}`, { name: 'Local registrar (no purchase)' })).statusCode).toBe(
      200,
    );
  });
});

describe('whites', () => {
  it('needs the URL of a white shown from a URL, not of one shown from an archive', async () => {
    expect(fieldErrors(await t.call('POST', 'whites', { name: 'No address', source: 'url' })).url).toEqual([
      'A white shown from a URL needs its URL.',
    ]);
    const archived = await t.create('whites', { name: 'Recipes archive', source: 'archive' });
    expect(fieldErrors(await t.patch(`whites/${archived}`, { source: 'url' })).url).toHaveLength(1);
    expect(
      (await t.patch(`whites/${archived}`, { source: 'url', url: 'https://whites.example/recipes/' })).statusCode,
    ).toBe(200);
    expect(fieldErrors(await t.patch(`whites/${archived}`, { url: '' })).url).toHaveLength(1);
  });
});

describe('no secret in any response', () => {
  const SECRETS = {
    password: 'demo-root-pass-S3CR3T-1',
    auth_key: 'demo-auth-key-S3CR3T-2',
    ssh_key: '-----BEGIN OPENSSH PRIVATE KEY-----\ndemo-S3CR3T-3\n-----END OPENSSH PRIVATE KEY-----',
    apiKey: 'demo-api-key-S3CR3T-4',
    token: 'demo-token-S3CR3T-5',
    pair: 'buyer:demo-pass-S3CR3T-6',
  };
  const leaks = (body: string): string[] =>
    Object.values(SECRETS)
      .flatMap((secret) => [secret, secret.split('\n')[1] ?? secret, secret.split(':')[1] ?? secret])
      .filter((part) => body.includes(part));

  it('masks server passwords and keys, service and provider credentials and a proxy’s login:pass in every read', async () => {
    const writes = [
      await t.call('POST', 'servers', {
        name: 'secret-box',
        type: 'vps',
        status: 'active',
        password: SECRETS.password,
        auth_key: SECRETS.auth_key,
        ssh_key: SECRETS.ssh_key,
      }),
      await t.call('POST', 'services', {
        name: 'Secret registrar',
        group: 'registrar',
        adapter: 'namecheap',
        credentials: { ApiUser: 'agency', ApiKey: SECRETS.apiKey },
      }),
      await t.call('POST', 'proxy-providers', {
        name: 'Secret provider',
        adapter: 'proxy6',
        credentials: { api_key: SECRETS.token },
      }),
      await t.call('POST', 'proxies', {
        address: '203.0.113.7:8080',
        credentials_pair: SECRETS.pair,
        status: 'active',
        type: 'http',
      }),
    ];
    const bodies = writes.map((answer) => answer.body);
    expect(writes.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    const paths = ['servers', 'services', 'proxy-providers', 'proxies'];
    const ids = writes.map((answer) => answer.json<{ data: { id: number } }>().data.id);
    // An edit that sends nothing secret keeps the secrets and shows none.
    bodies.push((await t.patch(`servers/${ids[0]}`, { comment: 'rotated' })).body);
    for (const [index, path] of paths.entries()) {
      for (const read of [path, `${path}/${ids[index]}`, `${path}/export.csv`, `${path}/${ids[index]}/history`]) {
        const answer = await t.call('GET', read);
        expect(answer.statusCode, read).toBe(200);
        bodies.push(answer.body);
      }
    }
    expect(bodies.flatMap(leaks)).toEqual([]);
    // Still stored: only the reads mask them.
    const { rows } = await t.app.db.query<{ password: string }>('SELECT password FROM system.servers WHERE id = $1', [
      ids[0],
    ]);
    expect(rows[0]?.password).toBe(SECRETS.password);
  });
});
