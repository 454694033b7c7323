import 'reflect-metadata';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PermissionItem } from '@core/server/auth/permissions-queries';
import type { UserInfo } from '@core/server/auth/users-queries';
import admin from '@plugins/admin/server';
import { buildServer, signIn, TEMPLATE_CODES } from '../../../support/server/test-database';
import {
  addPerson,
  addRole,
  adminId,
  clientWith,
  giveRole,
  openDirectory,
  permissionId,
  permissionsVersion,
  refreshAsBrowser,
  type Client,
  type Directory,
  type ErrorBody,
  type Person,
  type RefreshBody,
} from './support-directory';

let directory: Directory;
let api: Client;
/** Holds XS (a code added by an administrator) through a role. */
let erin: Person;
/** Holds XS directly. */
let fred: Person;
/** Holds neither. */
let gina: Person;

beforeEach(async () => {
  directory = await openDirectory();
  api = clientWith(directory.app, ['JT']);
  await directory.db.query(`INSERT INTO core.permissions (name, description, service) VALUES ('XS', 'Custom', 'shop')`);
  erin = await addPerson(directory.db, 'erin');
  await giveRole(directory.db, erin.id, await addRole(directory.db, 'shop', ['XS']));
  fred = await addPerson(directory.db, 'fred', ['XS']);
  gina = await addPerson(directory.db, 'gina', ['TF']);
});

afterEach(async () => {
  await directory.close();
});

async function catalogue(query = ''): Promise<PermissionItem[]> {
  const response = await api.get(`/permissions${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: PermissionItem[] }>().data;
}

const versions = (): Promise<number[]> =>
  Promise.all([erin, fred, gina].map((person) => permissionsVersion(directory.db, person.id)));

const errorsOf = (body: string): ErrorBody['errors'] => (JSON.parse(body) as ErrorBody).errors;

describe('GET /permissions', () => {
  it('lists the whole catalogue by service and code', async () => {
    const all = await catalogue();
    expect(all).toHaveLength(TEMPLATE_CODES.length + 1);
    expect(all[0]).toEqual({ id: expect.any(Number), name: 'JA', description: 'Articles', service: 'auth' });
  });

  it('filters by service and by text in the code or description, wildcards as data', async () => {
    expect((await catalogue('?service=shop')).map((p) => p.name)).toEqual([
      'SC',
      'SM',
      'SO',
      'SP',
      'SQ',
      'SR',
      'SS',
      'XS',
    ]);
    expect((await catalogue('?q=wallet')).map((p) => p.name)).toEqual(['FW']);
    expect((await catalogue('?q=ju')).map((p) => p.name)).toEqual(['JU']);
    expect(await catalogue(`?q=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await catalogue('?q=_')).toEqual([]);
  });

  it('refuses a service that is not a service id with 422 (a plugin may name its own)', async () => {
    expect((await api.get('/permissions?service=notes')).statusCode).toBe(200);
    const response = await api.get('/permissions?service=Bank!');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(errorsOf(response.body) ?? {})).toEqual(['service']);
  });
});

describe('POST /permissions/add', () => {
  it('adds a code (201) that superadmins hold at once', async () => {
    const admin = await adminId(directory.db);
    const before = await permissionsVersion(directory.db, admin);
    const response = await api.post('/permissions/add', {
      name: 'X_REPORTS',
      description: '  Reports ',
      service: 'finance',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ data: PermissionItem }>().data).toEqual({
      id: expect.any(Number),
      name: 'X_REPORTS',
      description: 'Reports',
      service: 'finance',
    });
    expect(await permissionsVersion(directory.db, admin)).toBe(before + 1);
    const info = await clientWith(directory.app, ['JU']).get(`/users/${admin}/info`);
    expect(info.json<{ data: UserInfo }>().data.permissions).toContain('X_REPORTS');
    expect((await catalogue('?q=_')).map((p) => p.name)).toEqual(['X_REPORTS']);
  });

  it('stores a blank or missing description as none', async () => {
    const blank = await api.post('/permissions/add', { name: 'XA', description: ' ', service: 'auth' });
    expect(blank.json<{ data: PermissionItem }>().data.description).toBeNull();
    const missing = await api.post('/permissions/add', { name: 'XB', service: 'auth' });
    expect(missing.json<{ data: PermissionItem }>().data.description).toBeNull();
  });

  it.each([
    ['name', { name: 'lower', service: 'auth' }],
    ['name', { name: '9AB', service: 'auth' }],
    ['name', { name: `A${'B'.repeat(32)}`, service: 'auth' }],
    ['name', { service: 'auth' }],
    ['service', { name: 'XC', service: 'Bank' }],
    ['service', { name: 'XC', service: 'bank/x' }],
    ['service', { name: 'XC' }],
    ['description', { name: 'XC', service: 'auth', description: 'd'.repeat(256) }],
  ])('refuses a bad %s with 422 on that field', async (field, body) => {
    const response = await api.post('/permissions/add', body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(errorsOf(response.body) ?? {})).toEqual([field]);
  });

  it('refuses a code already in the catalogue', async () => {
    const response = await api.post('/permissions/add', { name: 'JU', service: 'auth' });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response.body)).toEqual({ name: ['The name has already been taken.'] });
  });
});

describe('PATCH /permissions/:id', () => {
  it('changes the description and service without bumping anyone', async () => {
    const id = await permissionId(directory.db, 'SC');
    const before = await versions();
    const response = await api.patch(`/permissions/${id}`, { description: 'Categories', service: 'system' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: PermissionItem }>().data).toEqual({
      id,
      name: 'SC',
      description: 'Categories',
      service: 'system',
    });
    expect(await versions()).toEqual(before);
  });

  it('renames a code, bumping everyone who holds it, however they hold it', async () => {
    const session = await signIn(directory.app, erin.email, erin.password);
    const before = await versions();
    const response = await api.patch(`/permissions/${await permissionId(directory.db, 'XS')}`, { name: 'XS2' });
    expect(response.statusCode, response.body).toBe(200);
    const [erinBefore = 0, fredBefore = 0, ginaBefore = 0] = before;
    expect(await versions()).toEqual([erinBefore + 1, fredBefore + 1, ginaBefore]);
    const refreshed = await refreshAsBrowser(directory.app, session.refreshCookie);
    expect(refreshed.json<RefreshBody>().data.is_reload).toBe(true);
  });

  it('refuses another code’s name and answers 404 for an unknown id', async () => {
    const clash = await api.patch(`/permissions/${await permissionId(directory.db, 'XS')}`, { name: 'SP' });
    expect(clash.statusCode).toBe(422);
    expect(errorsOf(clash.body)).toEqual({ name: ['The name has already been taken.'] });
    expect((await api.patch('/permissions/999999', { description: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE /permissions/:id', () => {
  it('removes the code from roles and users and bumps its holders', async () => {
    const id = await permissionId(directory.db, 'XS');
    const before = await versions();
    const response = await api.delete(`/permissions/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe('Successfully deleted');
    const [erinBefore = 0, fredBefore = 0, ginaBefore = 0] = before;
    expect(await versions()).toEqual([erinBefore + 1, fredBefore + 1, ginaBefore]);
    const links = await directory.db.query(
      'SELECT 1 FROM core.role_permissions WHERE permission_id = $1 UNION ALL SELECT 1 FROM core.user_permissions WHERE permission_id = $1',
      [id],
    );
    expect(links.rows).toEqual([]);
    expect((await catalogue('?service=shop')).map((p) => p.name)).not.toContain('XS');
  });

  it('refuses to delete or rename a built-in code, which would lock holders out', async () => {
    // A code an enabled plugin declares is built in: here the admin plugin's JU.
    const app = await buildServer({ db: directory.db, plugins: [admin] });
    try {
      const adminApi = clientWith(app, ['JT']);
      const id = await permissionId(directory.db, 'JU');
      const deleted = await adminApi.delete(`/permissions/${id}`);
      expect(deleted.statusCode).toBe(422);
      expect(errorsOf(deleted.body)).toEqual({ name: ['JU is a built-in permission and cannot be deleted.'] });
      const renamed = await adminApi.patch(`/permissions/${id}`, { name: 'JU2' });
      expect(renamed.statusCode).toBe(422);
      expect(errorsOf(renamed.body)).toEqual({ name: ['JU is a built-in permission and cannot be renamed.'] });
    } finally {
      await app.close();
    }
  });

  it('answers 404 for an unknown id', async () => {
    expect((await api.delete('/permissions/999999')).statusCode).toBe(404);
  });
});
