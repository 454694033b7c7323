import { afterAll, beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT, testApp, type TestApp } from '@core/sdk/testing';
import finance from '@plugins/finance/server';
import system from '@plugins/system/server';
import teamMigrationSql from '@plugins/system/server/migrations/0004_proxy_team_agency.sql?raw';

/*
 * A proxy's team is a finance agency (finance an optional dependency of the system plugin): a picked
 * id, checked strictly; the free text it was before is mapped to the agency of that name by the
 * migration, kept read-only where it names none, and emptied once the team is picked.
 */

let app: TestApp;
let alpha: number;
let bravo: number;

beforeAll(async () => {
  app = await testApp({ plugins: [finance, system] });
  const agency = async (name: string) =>
    (await app.asSuperadmin().post('/api/finance/agencies', { name })).json<{ data: { id: number } }>().data.id;
  alpha = await agency('Alpha Team');
  bravo = await agency('Bravo Media');
}, DB_TIMEOUT * 6);
afterAll(() => app.close());

let port = 8000;
const proxy = (values: Readonly<Record<string, unknown>>) =>
  app
    .asSuperadmin()
    .post('/api/system/proxies', { address: `203.0.113.7:${(port += 1)}`, status: 'active', type: 'http', ...values });
const read = async (id: number) =>
  (await app.asSuperadmin().get(`/api/system/proxies/${id}`)).json<{ data: Record<string, unknown> }>().data;

it('takes a team as an agency id and labels it; text, a fraction or an unknown id is a 422', async () => {
  const created = await proxy({ team: alpha });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ data: { team: alpha, team_legacy: null, _labels: { team: 'Alpha Team' } } });
  for (const team of ['Alpha Team', String(alpha), 1.5, 999_999]) {
    const refused = await proxy({ team });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['team']);
  }
  expect((await proxy({ team_legacy: 'Typed' })).statusCode).toBe(422);
});

it('maps the old text to the agency of that name, keeps the text that names none, and empties it once a team is picked', async () => {
  const ids: number[] = [];
  for (let index = 0; index < 4; index += 1) ids.push((await proxy({})).json<{ data: { id: number } }>().data.id);
  // The table as it was before migration 0004: team was text.
  await app.db.exec(
    'ALTER TABLE system.proxies DROP COLUMN team; ALTER TABLE system.proxies RENAME COLUMN team_legacy TO team',
  );
  const texts = ['  bravo MEDIA ', 'Night shift', '   ', null];
  for (const [index, id] of ids.entries())
    await app.db.query('UPDATE system.proxies SET team = $2 WHERE id = $1', [id, texts[index]]);
  await app.db.exec(teamMigrationSql);

  const [mapped, unknown, blank, none] = await Promise.all(ids.map(read));
  expect(mapped).toMatchObject({ team: bravo, team_legacy: null, _labels: { team: 'Bravo Media' } });
  expect(unknown).toMatchObject({ team: null, team_legacy: 'Night shift' });
  expect(blank).toMatchObject({ team: null, team_legacy: null });
  expect(none).toMatchObject({ team: null, team_legacy: null });

  const renamed = await app
    .asSuperadmin()
    .patch(`/api/system/proxies/${ids[1]}`, { version: unknown!.version, name: 'Renamed' });
  expect(renamed.json()).toMatchObject({ data: { team_legacy: 'Night shift' } });
  const picked = await app.asSuperadmin().patch(`/api/system/proxies/${ids[1]}`, {
    version: renamed.json<{ data: { version: number } }>().data.version,
    team: alpha,
  });
  expect(picked.json()).toMatchObject({ data: { team: alpha, team_legacy: null } });
});

it('refuses a purchase for a team that is no agency before anything is bought', async () => {
  const provider = (
    await app.asSuperadmin().post('/api/system/proxy-providers', { name: 'Local', adapter: 'local' })
  ).json<{ data: { id: number } }>().data.id;
  const order = { provider, country: 276, type: 'http', period_days: 30, quantity: 1 };
  const refused = await app.asSuperadmin().post('/api/system/proxies/purchase', { ...order, team: 999_999 });
  expect(refused.statusCode).toBe(422);
  expect(refused.json()).toMatchObject({ errors: { team: ['There is no such team.'] } });
  expect(
    (await app.asSuperadmin().post('/api/system/proxies/purchase', { ...order, team: 'Alpha Team' })).statusCode,
  ).toBe(422);
  expect((await app.asSuperadmin().post('/api/system/proxies/purchase', { ...order, team: bravo })).statusCode).toBe(
    202,
  );
});
