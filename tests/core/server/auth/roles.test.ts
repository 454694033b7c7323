import 'reflect-metadata';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE_HELD } from '@core/server/auth/account-resources';
import type { PermissionItem } from '@core/server/auth/permissions-queries';
import type { RoleItem } from '@core/server/auth/roles-queries';
import type { UserListItem } from '@core/server/auth/users-queries';
import type { ListPage } from '@core/shared/envelopes';
import { signIn } from '../../../support/server/test-database';
import {
  addPerson,
  addRole,
  clientWith,
  giveRole,
  openDirectory,
  permissionId,
  permissionsVersion,
  refreshAsBrowser,
  roleId,
  type Client,
  type Directory,
  type ErrorBody,
  type Person,
  type RefreshBody,
} from './support-directory';

let directory: Directory;
let api: Client;
let superadmin: number;
let editors: number;
let erin: Person;

beforeEach(async () => {
  directory = await openDirectory();
  api = clientWith(directory.app, ['JQ']);
  superadmin = await roleId(directory.db, 'superadmin');
  editors = await addRole(directory.db, 'editors', ['JA', 'JS']);
  erin = await addPerson(directory.db, 'erin');
  await giveRole(directory.db, erin.id, editors);
});

afterEach(async () => {
  await directory.close();
});

const errorsOf = (body: string): ErrorBody['errors'] => (JSON.parse(body) as ErrorBody).errors;

describe('GET /roles', () => {
  it('lists the roles by name with their user and permission counts', async () => {
    await addRole(directory.db, 'auditors');
    const response = await api.get('/roles');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: RoleItem[] }>().data).toEqual([
      { id: expect.any(Number), name: 'auditors', users_count: 0, permissions_count: 0 },
      { id: editors, name: 'editors', users_count: 1, permissions_count: 2 },
      { id: superadmin, name: 'superadmin', users_count: 1, permissions_count: 0 },
    ]);
  });
});

describe('GET /roles/:id/permissions', () => {
  it('gives the role’s permissions', async () => {
    const response = await api.get(`/roles/${editors}/permissions`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: PermissionItem[] }>().data).toEqual([
      { id: await permissionId(directory.db, 'JA'), name: 'JA', description: 'Articles', service: 'auth' },
      { id: await permissionId(directory.db, 'JS'), name: 'JS', description: 'System settings', service: 'auth' },
    ]);
  });

  it('answers 404 for an unknown role', async () => {
    const response = await api.get('/roles/999999/permissions');
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().message).toBe('Role not found.');
  });
});

describe('POST /roles/add', () => {
  it('adds a role (201), trimming its name', async () => {
    const response = await api.post('/roles/add', { name: '  auditors ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ data: RoleItem }>().data).toEqual({
      id: expect.any(Number),
      name: 'auditors',
      users_count: 0,
      permissions_count: 0,
    });
  });

  it.each([
    ['a taken name in another case', { name: 'EDITORS' }, { name: ['The name has already been taken.'] }],
    ['the superadmin name', { name: 'SuperAdmin' }, { name: ['The name has already been taken.'] }],
    ['a blank name', { name: '   ' }, { name: ['The name field is required.'] }],
    ['no name', {}, { name: ['This field is required.'] }],
  ])('refuses %s with 422 on name', async (_label, body, errors) => {
    const response = await api.post('/roles/add', body);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response.body)).toEqual(errors);
  });

  it('refuses a name longer than 64', async () => {
    const response = await api.post('/roles/add', { name: 'r'.repeat(65) });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(errorsOf(response.body) ?? {})).toEqual(['name']);
  });
});

describe('PUT /roles/:id/update', () => {
  it('renames the role and bumps its holders’ versions, whose sessions show role names', async () => {
    const before = await permissionsVersion(directory.db, erin.id);
    const response = await api.put(`/roles/${editors}/update`, { name: 'writers' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: RoleItem }>().data).toMatchObject({ id: editors, name: 'writers', users_count: 1 });
    expect(await permissionsVersion(directory.db, erin.id)).toBe(before + 1);
  });

  it('refuses to rename the superadmin role, or to take another role’s name', async () => {
    const renamed = await api.put(`/roles/${superadmin}/update`, { name: 'root' });
    expect(renamed.statusCode).toBe(422);
    expect(errorsOf(renamed.body)).toEqual({ name: ['The superadmin role cannot be renamed.'] });
    const clash = await api.put(`/roles/${editors}/update`, { name: 'Superadmin' });
    expect(clash.statusCode).toBe(422);
    expect(errorsOf(clash.body)).toEqual({ name: ['The name has already been taken.'] });
  });

  it('answers 404 for an unknown role', async () => {
    expect((await api.put('/roles/999999/update', { name: 'ghosts' })).statusCode).toBe(404);
  });
});

describe('DELETE /roles/:id', () => {
  it('answers 409 while any user holds the role, a soft-deleted one included', async () => {
    await directory.db.query('UPDATE core.users SET deleted_at = now() WHERE id = $1', [erin.id]);
    const response = await api.delete(`/roles/${editors}`);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toBe(ROLE_HELD);
    expect(ROLE_HELD).toBe('This role is assigned to users and cannot be deleted.');
    expect((await api.get(`/roles/${editors}/permissions`)).statusCode).toBe(200);
  });

  it('deletes a role nobody holds, with its permission links', async () => {
    await directory.db.query('DELETE FROM core.user_roles WHERE role_id = $1', [editors]);
    const response = await api.delete(`/roles/${editors}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe('Successfully deleted');
    expect((await api.get(`/roles/${editors}/permissions`)).statusCode).toBe(404);
    const { rows } = await directory.db.query('SELECT 1 FROM core.role_permissions WHERE role_id = $1', [editors]);
    expect(rows).toEqual([]);
  });

  it('refuses to delete the superadmin role, even when nobody holds it', async () => {
    await directory.db.query('DELETE FROM core.user_roles WHERE role_id = $1', [superadmin]);
    const response = await api.delete(`/roles/${superadmin}`);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response.body)).toEqual({ id: ['The superadmin role cannot be deleted.'] });
  });

  it('answers 404 for an unknown role', async () => {
    expect((await api.delete('/roles/999999')).statusCode).toBe(404);
  });
});

describe('POST /roles/:id/assign-permissions', () => {
  it('replaces the role’s permissions and tells its holders’ next refresh to reload', async () => {
    const session = await signIn(directory.app, erin.email, erin.password);
    const tf = await permissionId(directory.db, 'TF');
    const response = await api.post(`/roles/${editors}/assign-permissions`, { permissions: [tf] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: PermissionItem[] }>().data.map((permission) => permission.name)).toEqual(['TF']);
    const refreshed = await refreshAsBrowser(directory.app, session.refreshCookie);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json<RefreshBody>().data.is_reload).toBe(true);
    const user = await directory.app.inject({
      method: 'GET',
      url: '/api/auth/auth/user',
      headers: { authorization: `Bearer ${refreshed.json<RefreshBody>().data.token}` },
    });
    expect(user.json<{ data: { permissions: string[] } }>().data.permissions).toEqual(['TF']);
  });

  it('bumps nobody when the set is unchanged', async () => {
    const before = await permissionsVersion(directory.db, erin.id);
    const same = [await permissionId(directory.db, 'JS'), await permissionId(directory.db, 'JA')];
    expect((await api.post(`/roles/${editors}/assign-permissions`, { permissions: same })).statusCode).toBe(200);
    expect(await permissionsVersion(directory.db, erin.id)).toBe(before);
  });

  it('refuses unknown permission ids and changes nothing', async () => {
    const response = await api.post(`/roles/${editors}/assign-permissions`, { permissions: [999_999] });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response.body)).toEqual({ permissions: ['The selected permissions are invalid.'] });
    const kept = await api.get(`/roles/${editors}/permissions`);
    expect(kept.json<{ data: PermissionItem[] }>().data).toHaveLength(2);
  });

  it('answers 404 for an unknown role', async () => {
    expect((await api.post('/roles/999999/assign-permissions', { permissions: [] })).statusCode).toBe(404);
  });
});

describe('GET /roles/:id/users', () => {
  it('pages the role’s holders with the users list’s filters', async () => {
    const fred = await addPerson(directory.db, 'fred');
    await giveRole(directory.db, fred.id, editors);
    await addPerson(directory.db, 'gina');
    const response = await api.get(`/roles/${editors}/users?sort=username&per_page=1`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ data: ListPage<UserListItem> }>().data;
    expect(page).toMatchObject({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    expect(page.data.map((user) => user.username)).toEqual(['erin']);
    const searched = await api.get(`/roles/${editors}/users?q=FRED`);
    expect(searched.json<{ data: ListPage<UserListItem> }>().data.data.map((user) => user.username)).toEqual(['fred']);
  });

  it('answers 404 for an unknown role', async () => {
    expect((await api.get('/roles/999999/users')).statusCode).toBe(404);
  });
});
