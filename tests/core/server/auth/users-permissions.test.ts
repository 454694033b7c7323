import 'reflect-metadata';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@core/server/auth/users-queries';
import { signIn } from '../../../support/server/test-database';
import {
  addPerson,
  clientWith,
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
let erin: Person;

beforeEach(async () => {
  directory = await openDirectory();
  api = clientWith(directory.app, ['JT']);
  erin = await addPerson(directory.db, 'erin', ['TF']);
});

afterEach(async () => {
  await directory.close();
});

describe('PUT /users/:id/permissions', () => {
  it('replaces the additional permissions and bumps the version only on a change', async () => {
    const sc = await permissionId(directory.db, 'SC');
    const sp = await permissionId(directory.db, 'SP');
    const start = await permissionsVersion(directory.db, erin.id);
    const response = await api.put(`/users/${erin.id}/permissions`, { permissions: [sp, sc, sc] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: UserInfo }>().data).toMatchObject({
      additional_permissions: [
        { id: sc, name: 'SC' },
        { id: sp, name: 'SP' },
      ],
      permissions: ['SC', 'SP'],
    });
    expect(await permissionsVersion(directory.db, erin.id)).toBe(start + 1);
    await api.put(`/users/${erin.id}/permissions`, { permissions: [sc, sp] });
    expect(await permissionsVersion(directory.db, erin.id)).toBe(start + 1);
    const cleared = await api.put(`/users/${erin.id}/permissions`, { permissions: [] });
    expect(cleared.json<{ data: UserInfo }>().data.additional_permissions).toEqual([]);
    expect(await permissionsVersion(directory.db, erin.id)).toBe(start + 2);
  });

  it('tells the user’s next refresh to reload', async () => {
    const session = await signIn(directory.app, erin.email, erin.password);
    await api.put(`/users/${erin.id}/permissions`, { permissions: [await permissionId(directory.db, 'SC')] });
    const refreshed = await refreshAsBrowser(directory.app, session.refreshCookie);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json<RefreshBody>().data.is_reload).toBe(true);
  });

  it('refuses unknown permission ids and changes nothing', async () => {
    const response = await api.put(`/users/${erin.id}/permissions`, {
      permissions: [await permissionId(directory.db, 'SC'), 999_999],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ permissions: ['The selected permissions are invalid.'] });
    const { rows } = await directory.db.query<{ name: string }>(
      'SELECT p.name FROM core.user_permissions up JOIN core.permissions p ON p.id = up.permission_id WHERE up.user_id = $1',
      [erin.id],
    );
    expect(rows).toEqual([{ name: 'TF' }]);
  });

  it('answers 404 for an unknown user and 422 for a body without permissions', async () => {
    expect((await api.put('/users/999999/permissions', { permissions: [] })).statusCode).toBe(404);
    const response = await api.put(`/users/${erin.id}/permissions`, {});
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ permissions: ['This field is required.'] });
  });
});
