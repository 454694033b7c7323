import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT, testApp, type TestApp } from '@core/sdk/testing';
import { selectPlugins } from '@host/server/plugin-selection';
import { SERVER_PLUGINS_WITH_NOTES } from '../../fixtures/host/server-plugins';

// The notes fixture (tests/fixtures/plugins/notes), built in with one line of the host's list and
// enabled by configuration: its own service id, permission code and route.
describe('a plugin written against the SDK alone, on the server', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await testApp({ plugins: selectPlugins(SERVER_PLUGINS_WITH_NOTES, ['admin', 'notes']) });
  }, DB_TIMEOUT);
  afterAll(() => app.close());

  it('mounts its routes under its own service id', async () => {
    expect((await app.as(['NT']).get('/api/notes/notes')).json()).toEqual({ data: [] });
  });

  it('answers 403 to a user without its code', async () => {
    expect((await app.as(['JU']).get('/api/notes/notes')).statusCode).toBe(403);
    expect((await app.as([]).get('/api/notes/notes')).statusCode).toBe(403);
  });

  it('has its code seeded into the catalogue at start-up, so the superadmin holds it', async () => {
    const user = await app.asSuperadmin().get('/api/auth/auth/user');
    expect(user.json<{ data: { permissions: string[] } }>().data.permissions).toContain('NT');
    expect((await app.asSuperadmin().get('/api/notes/notes')).statusCode).toBe(200);
    const { rows } = await app.db.query<{ description: string; service: string }>(
      `SELECT description, service FROM core.permissions WHERE name = 'NT'`,
    );
    expect(rows).toEqual([{ description: 'Meeting notes', service: 'notes' }]);
  });

  it('has its code protected on the roles screen like every declared one', async () => {
    const { rows } = await app.db.query<{ id: string }>(`SELECT id FROM core.permissions WHERE name = 'NT'`);
    const refused = await app.asSuperadmin().delete(`/api/auth/permissions/${rows[0]?.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { name: ['NT is a built-in permission and cannot be deleted.'] } });
  });

  it('publishes its manifest with /config.json', async () => {
    const config = await app.server.inject({ method: 'GET', url: '/config.json' });
    expect(config.json<{ manifests: { id: string }[] }>().manifests.map((manifest) => manifest.id)).toEqual([
      'admin',
      'notes',
    ]);
  });
});
