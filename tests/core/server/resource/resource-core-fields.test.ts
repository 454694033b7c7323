import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@core/server/database/database';
import { defineServerPlugin } from '@core/server/plugin';
import { COUNTRIES_REFERENCE } from '@core/shared/resource/core-references';
import {
  defineResource,
  REFERENCE_LIMIT,
  type AuditEntry,
  type ResourceRecord,
} from '@core/shared/resource/definition';
import { SECRET_VALUE_MASK } from '@core/shared/resource/field';
import { freshDatabase } from '@core/sdk/testing';
import { bearer, buildServer, DB_TIMEOUT, mintToken } from '../../../support/server/test-database';
import {
  filter,
  labClient,
  labManifest,
  READ_ITEMS,
  WRITE_ITEMS,
  type ErrorBody,
  type LabClient,
} from './support-resource';

/*
 * The core's countries reference (its route, and a resource field pointing at it) and key/value
 * fields whose values are secrets, on a small resource of their own.
 */

const vaults = defineResource({
  id: 'lab.vaults',
  service: 'shop',
  path: 'vaults',
  table: 'lab.vaults',
  titleKey: 'lab:vaults',
  recordKey: 'lab:vault',
  access: { read: READ_ITEMS, write: WRITE_ITEMS },
  fields: [
    { kind: 'text', name: 'name', labelKey: 'lab:name', required: true },
    {
      kind: 'reference',
      name: 'country_id',
      labelKey: 'lab:country',
      target: COUNTRIES_REFERENCE,
      filter: ['eq', 'in'],
    },
    { kind: 'reference', name: 'country_ids', labelKey: 'lab:countries', target: COUNTRIES_REFERENCE, many: true },
    { kind: 'keyValue', name: 'credentials', labelKey: 'lab:credentials', secretValues: true },
    { kind: 'keyValue', name: 'tags', labelKey: 'lab:tags' },
  ],
  labelField: 'name',
});

const GERMANY = 276;
const FRANCE = 250;
const SECRET = 'hunter2-very-secret';

let db: Database;
let app: FastifyInstance;
let api: LabClient;

type One = { data: ResourceRecord };
type Options = { data: { id: number; label: string; code: string }[] };

async function create(body: object): Promise<ResourceRecord> {
  const response = await api.post('/vaults', body);
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json<One>().data;
}

async function stored(id: number): Promise<unknown> {
  const { rows } = await db.query<{ credentials: unknown }>('SELECT credentials FROM lab.vaults WHERE id = $1', [id]);
  return rows[0]?.credentials;
}

const RUSSIAN = { 'accept-language': 'ru' };
const SPAIN = 724;

function countries(query: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'GET',
    url: `/api/auth/references/countries${query}`,
    headers: { ...bearer(mintToken([])), ...headers },
  });
}

const labelsOf = async (query: string, headers: Record<string, string> = {}) =>
  (await countries(query, headers)).json<Options>().data.map((country) => country.label);

// Only this plugin: the template stays small and no other plugin's work touches the file.
const vaultPlugin = defineServerPlugin({
  manifest: labManifest,
  migrations: [],
  resources: [vaults],
  register: () => undefined,
});

beforeAll(async () => {
  db = await freshDatabase([vaultPlugin]);
  app = await buildServer({ db, plugins: [vaultPlugin] });
  api = labClient(app, [READ_ITEMS, WRITE_ITEMS]);
}, DB_TIMEOUT);

afterAll(async () => {
  await app.close();
  await db.close();
});

describe('GET auth/references/countries', () => {
  it('is open to every signed-in user, and to nobody else', async () => {
    expect((await countries('?q=germ')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/references/countries' })).statusCode).toBe(401);
  });

  it('searches names and alpha-2 codes case-insensitively, the country with that code first, then by name', async () => {
    expect((await countries('?q=GERM')).json<Options>().data).toEqual([{ id: GERMANY, label: 'Germany', code: 'DE' }]);
    const byCode = (await countries('?q=es')).json<Options>().data;
    expect(byCode[0]).toEqual({ id: SPAIN, label: 'Spain', code: 'ES' });
    const rest = byCode.slice(1).map((country) => country.label);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
  });

  it('labels in the language the caller reads and finds a country by its English name, its Russian name or its code', async () => {
    for (const q of ['Spain', 'испания', 'ИСП', 'ES']) {
      expect((await countries(`?q=${encodeURIComponent(q)}`, RUSSIAN)).json<Options>().data[0], q).toEqual({
        id: SPAIN,
        label: 'Испания',
        code: 'ES',
      });
      expect((await countries(`?q=${encodeURIComponent(q)}`)).json<Options>().data[0], q).toEqual({
        id: SPAIN,
        label: 'Spain',
        code: 'ES',
      });
    }
    expect(await labelsOf(`?ids=${GERMANY},${FRANCE}`, RUSSIAN)).toEqual(['Германия', 'Франция']);
  });

  it('has a Russian name for every country, the short forms spelt out', async () => {
    const { rows } = await db.query<{ code: string; name_ru: string }>(
      "SELECT code, name_ru FROM core.countries WHERE name_ru !~ '^[А-ЯЁ][А-Яа-яЁё’ ,()—-]+$' OR name_ru LIKE '%о-в%'",
    );
    expect(rows).toEqual([]);
    expect(await labelsOf('?q=AX', RUSSIAN)).toContain('Аландские острова');
  });

  it('answers at most REFERENCE_LIMIT without ids, and every country ids names', async () => {
    const all = (await countries('')).json<Options>().data;
    expect(all).toHaveLength(REFERENCE_LIMIT);
    expect(all[0]).toEqual({ id: 4, label: 'Afghanistan', code: 'AF' });
    expect(await labelsOf(`?ids=${GERMANY},${FRANCE}`)).toEqual(['France', 'Germany']);
  });

  it('refuses what it does not take', async () => {
    expect((await countries('?ids=x')).statusCode).toBe(422);
    expect((await countries('?ids=1.5')).statusCode).toBe(422);
    expect((await countries('?sort=name')).statusCode).toBe(422);
  });

  it('holds every ISO 3166-1 country', async () => {
    const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM core.countries');
    expect(rows[0]?.count).toBe(249);
  });
});

describe('a reference to COUNTRIES_REFERENCE', () => {
  it('labels the countries a record points at', async () => {
    const record = await create({ name: 'Berlin', country_id: GERMANY, country_ids: [FRANCE, GERMANY] });
    expect(record._labels).toEqual({ country_id: 'Germany', country_ids: ['France', 'Germany'] });
    const listed = (await api.get(`/vaults?${filter('country_id', 'eq', String(GERMANY))}`)).json<{
      data: { data: ResourceRecord[] };
    }>().data.data;
    expect(listed.map((row) => row.name)).toEqual(['Berlin']);
  });

  it('labels them in the reader language: a list, a record, its page and the answer to a write', async () => {
    const record = (
      await api.send('POST', '/vaults', { name: 'Madrid', country_id: SPAIN, country_ids: [FRANCE, SPAIN] }, RUSSIAN)
    ).json<One>().data;
    const inRussian = { country_id: 'Испания', country_ids: ['Франция', 'Испания'] };
    expect(record._labels).toEqual(inRussian);
    const listed = (
      await api.send('GET', `/vaults?${filter('country_id', 'eq', String(SPAIN))}`, undefined, RUSSIAN)
    ).json<{ data: { data: ResourceRecord[] } }>().data.data;
    expect(listed.map((row) => row._labels)).toEqual([inRussian]);
    expect((await api.send('GET', `/vaults/${record.id}`, undefined, RUSSIAN)).json<One>().data._labels).toEqual(
      inRussian,
    );
    const page = (await api.send('GET', `/vaults/${record.id}/overview`, undefined, RUSSIAN)).json<{
      data: { record: ResourceRecord; timeline: { labels: unknown } };
    }>().data;
    expect(page.record._labels).toEqual(inRussian);
    expect(page.timeline.labels).toEqual({
      country_id: { [SPAIN]: 'Испания' },
      country_ids: { [FRANCE]: 'Франция', [SPAIN]: 'Испания' },
    });
    expect((await api.get(`/vaults/${record.id}`)).json<One>().data._labels).toEqual({
      country_id: 'Spain',
      country_ids: ['France', 'Spain'],
    });
  });

  it('filters with in', async () => {
    await create({ name: 'Paris', country_id: FRANCE });
    const listed = (await api.get(`/vaults?${filter('country_id', 'in', `${FRANCE},${GERMANY}`)}`)).json<{
      data: { data: ResourceRecord[] };
    }>().data.data;
    expect(listed.map((row) => row.name).sort()).toEqual(['Berlin', 'Paris']);
  });

  it('refuses a country that does not exist', async () => {
    const response = await api.post('/vaults', { name: 'Atlantis', country_id: 999 });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors?.country_id).toEqual(['The chosen record does not exist.']);
  });
});

describe('a key/value field with secretValues', () => {
  it('stores what a create sends and answers every key with the mask', async () => {
    const record = await create({
      name: 'Vault A',
      credentials: { login: 'admin', password: SECRET },
      tags: { env: 'prod' },
    });
    expect(record.credentials).toEqual({ login: SECRET_VALUE_MASK, password: SECRET_VALUE_MASK });
    expect(record.tags).toEqual({ env: 'prod' });
    expect(await stored(record.id)).toEqual({ login: 'admin', password: SECRET });
  });

  it('shows no value in the list, the record, the export or the history', async () => {
    const record = await create({ name: 'Vault B', credentials: { password: SECRET } });
    await api.patch(`/vaults/${record.id}`, { version: 1, credentials: { password: `${SECRET}-2` } });
    const answers = await Promise.all([
      api.get('/vaults'),
      api.get(`/vaults/${record.id}`),
      api.get('/vaults/export.csv?format=exact'),
      api.get(`/vaults/${record.id}/history`),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(SECRET);
    }
    expect(answers[2]?.body).toContain('password');
    const history = answers[3]?.json<{ data: AuditEntry[] }>().data ?? [];
    expect(history.map((entry) => entry.after?.credentials)).toEqual([
      { password: SECRET_VALUE_MASK },
      { password: SECRET_VALUE_MASK },
    ]);
    const { rows } = await db.query<{ text: string }>(
      "SELECT string_agg(before::text || ' ' || after::text, ' ') AS text FROM core.audit_log WHERE resource = 'lab.vaults'",
    );
    expect(rows[0]?.text).not.toContain(SECRET);
  });

  it('keeps a masked value, replaces a new one and drops a key not sent', async () => {
    const record = await create({ name: 'Vault C', credentials: { login: 'admin', password: SECRET, token: 't-1' } });
    const response = await api.patch(`/vaults/${record.id}`, {
      version: 1,
      credentials: { login: SECRET_VALUE_MASK, password: 'changed', proxy: 'p-1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<One>().data.credentials).toEqual({
      login: SECRET_VALUE_MASK,
      password: SECRET_VALUE_MASK,
      proxy: SECRET_VALUE_MASK,
    });
    expect(await stored(record.id)).toEqual({ login: 'admin', password: 'changed', proxy: 'p-1' });
  });

  it('leaves the map alone when an edit does not send it', async () => {
    const record = await create({ name: 'Vault D', credentials: { password: SECRET } });
    expect((await api.patch(`/vaults/${record.id}`, { version: 1, name: 'Vault D2' })).statusCode).toBe(200);
    expect(await stored(record.id)).toEqual({ password: SECRET });
  });

  it('refuses the mask on a create, or for a key nothing is stored under', async () => {
    const created = await api.post('/vaults', { name: 'Vault E', credentials: { password: SECRET_VALUE_MASK } });
    expect(created.statusCode).toBe(422);
    expect(created.json<ErrorBody>().errors).toEqual({ credentials: ['Enter a value for every new key.'] });
    const record = await create({ name: 'Vault F', credentials: { password: SECRET } });
    const renamed = await api.send(
      'PATCH',
      `/vaults/${record.id}`,
      { version: 1, credentials: { pass: SECRET_VALUE_MASK } },
      { 'accept-language': 'ru' },
    );
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json<ErrorBody>().errors).toEqual({ credentials: ['Введите значение для каждого нового ключа.'] });
    expect(await stored(record.id)).toEqual({ password: SECRET });
  });
});
