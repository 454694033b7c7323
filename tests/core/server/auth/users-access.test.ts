import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminManifest } from '@plugins/admin/manifest';
import { AUTH, clientWith, openDirectory, type Directory, type ErrorBody } from './support-directory';

type Route = readonly ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];

const JU_ROUTES: readonly Route[] = [
  ['GET', '/users'],
  ['GET', '/users/1/info'],
  ['GET', '/references/users'],
  ['GET', '/references/users-sub'],
  ['GET', '/references/roles'],
  ['POST', '/users'],
  ['PATCH', '/users/1'],
  ['DELETE', '/users/2/delete'],
  ['POST', '/users/2/restore'],
  ['POST', '/users/2/block'],
  ['POST', '/users/2/unblock'],
];

// Every admin-area code but the one the route needs.
const ALL_BUT = (code: string): string[] => (adminManifest.areaFlags?.admin ?? []).filter((other) => other !== code);

let directory: Directory;

beforeAll(async () => {
  directory = await openDirectory();
});

afterAll(async () => {
  await directory.close();
});

describe('users routes access', () => {
  it.each(JU_ROUTES)('%s %s answers 403 without JU', async (method, path) => {
    const response = await clientWith(directory.app, ALL_BUT('JU')).send(
      method,
      path,
      method === 'GET' || method === 'DELETE' ? undefined : {},
    );
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().message).toBe('This action is unauthorized.');
  });

  it.each(JU_ROUTES)('%s %s answers 401 without a token', async (method, path) => {
    const response = await directory.app.inject({ method, url: `${AUTH}${path}` });
    expect(response.statusCode).toBe(401);
  });

  it('PUT /users/:id/permissions needs JQ or JT, not JU', async () => {
    const path = '/users/1/permissions';
    expect((await clientWith(directory.app, ['JU', 'JA', 'JS']).put(path, { permissions: [] })).statusCode).toBe(403);
    expect((await clientWith(directory.app, ['JQ']).put(path, { permissions: [] })).statusCode).toBe(200);
    expect((await clientWith(directory.app, ['JT']).put(path, { permissions: [] })).statusCode).toBe(200);
  });

  it('POST /user/update needs only a signed-in caller', async () => {
    expect((await directory.app.inject({ method: 'POST', url: `${AUTH}/user/update`, payload: {} })).statusCode).toBe(
      401,
    );
    expect((await clientWith(directory.app, []).post('/user/update', { email: 'admin@example.com' })).statusCode).toBe(
      200,
    );
  });
});
