import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminManifest } from '@plugins/admin/manifest';
import { clientWith, openDirectory, type Directory, type ErrorBody } from './support-directory';

type Route = readonly ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];

const ROLE_ROUTES: readonly Route[] = [
  ['GET', '/roles'],
  ['GET', '/roles/1/permissions'],
  ['GET', '/roles/1/users'],
  ['POST', '/roles/add'],
  ['PUT', '/roles/1/update'],
  ['DELETE', '/roles/1'],
  ['POST', '/roles/1/assign-permissions'],
  ['GET', '/permissions'],
  ['POST', '/permissions/add'],
  ['PATCH', '/permissions/1'],
  ['DELETE', '/permissions/1'],
];

const WITHOUT_ROLE_CODES = (adminManifest.areaFlags?.admin ?? []).filter((code) => code !== 'JQ' && code !== 'JT');

let directory: Directory;

beforeAll(async () => {
  directory = await openDirectory();
});

afterAll(async () => {
  await directory.close();
});

describe('roles and permissions routes access', () => {
  it.each(ROLE_ROUTES)('%s %s answers 403 without JQ or JT', async (method, path) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    const response = await clientWith(directory.app, WITHOUT_ROLE_CODES).send(method, path, body);
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().message).toBe('This action is unauthorized.');
  });

  it.each(['JQ', 'JT'])('lets %s alone through', async (code) => {
    const api = clientWith(directory.app, [code]);
    expect((await api.get('/roles')).statusCode).toBe(200);
    expect((await api.get('/permissions')).statusCode).toBe(200);
    expect((await api.get('/roles/1/users')).statusCode).toBe(200);
  });
});
