import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueIndexFields } from '@core/server/resource/indexes';
import { SECRET_REPLACED } from '@core/server/resource/mutations';
import { ROLES_RESOURCE, USERS_RESOURCE } from '@core/shared/resource/core-resources';
import type { AuditEntry, ResourceRecord } from '@core/shared/resource/definition';
import type { TimelinePage } from '@core/shared/resource/record-page';
import { DB_TIMEOUT, signIn } from '../../../support/server/test-database';
import {
  addPerson,
  addRole,
  adminId,
  clientWith,
  giveRole,
  openDirectory,
  roleId,
  type Client,
  type Directory,
  type ErrorBody,
} from './support-directory';

/*
 * Users and roles as engine resources: the spec's writes go through the engine's writer (version,
 * audit, hooks), the engine adds the record, export, history and timeline calls, and its own write
 * routes obey the same rules.
 */

let directory: Directory;
let admin: number;
let users: Client;
let roles: Client;

beforeAll(async () => {
  directory = await openDirectory();
  admin = await adminId(directory.db);
  users = clientWith(directory.app, ['JU'], admin);
  roles = clientWith(directory.app, ['JQ'], admin);
}, DB_TIMEOUT);

afterAll(async () => {
  await directory.close();
});

const data = <T>(response: { json: () => unknown }): T => (response.json() as { data: T }).data;

async function createUser(name: string, roleIds: readonly number[]): Promise<number> {
  const response = await users.post('/users', {
    username: name,
    email: `${name}@example.com`,
    password: 'first-password-1',
    roles: roleIds,
  });
  expect(response.statusCode, response.body).toBe(201);
  return data<{ id: number }>(response).id;
}

async function liveRefreshTokens(userId: number): Promise<number> {
  const { rows } = await directory.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM core.refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  return rows[0]?.n ?? 0;
}

async function history(path: string): Promise<AuditEntry[]> {
  const response = await users.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return data<AuditEntry[]>(response);
}

describe('users as records', () => {
  it('answers the record with role names, a masked password and who wrote it, and keeps a history', async () => {
    const buyers = await addRole(directory.db, 'Buyers');
    const id = await createUser('rita', [buyers]);
    const record = data<ResourceRecord>(await users.get(`/users/${id}`));
    expect(record).toMatchObject({
      id,
      version: 1,
      username: 'rita',
      status: 'active',
      role_ids: [buyers],
      password_hash: '••••••••',
      created_by: admin,
      _labels: { role_ids: ['Buyers'] },
    });
    const [created] = await history(`/users/${id}/history`);
    expect(created).toMatchObject({
      action: 'create',
      actor_id: admin,
      after: { username: 'rita', role_ids: [buyers] },
    });
  });

  it('records an edit with its role and password change, and a block, in the history and timeline', async () => {
    const first = await addRole(directory.db, 'Editors');
    const second = await addRole(directory.db, 'Readers');
    const id = await createUser('sam', [first]);
    const changed = await users.patch(`/users/${id}`, {
      username: 'sammy',
      roles: [second],
      password: 'second-password-2',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await users.post(`/users/${id}/block`)).statusCode).toBe(200);

    const [blocked, updated] = await history(`/users/${id}/history`);
    expect(blocked).toMatchObject({ action: 'block', before: { status: 'active' }, after: { status: 'blocked' } });
    expect(updated).toMatchObject({
      action: 'update',
      before: { username: 'sam', role_ids: [first], password_hash: '••••••••' },
      after: { username: 'sammy', role_ids: [second], password_hash: SECRET_REPLACED },
    });
    expect(JSON.stringify(updated)).not.toContain('argon2');
    const timeline = data<TimelinePage>(await users.get(`/users/${id}/timeline`));
    expect(timeline.entries.map((entry) => entry.action)).toEqual(['block', 'update', 'create']);
    expect(timeline.labels.role_ids).toEqual({ [first]: 'Editors', [second]: 'Readers' });
  });

  it('refuses a PATCH whose version is stale with 409, and takes the current one', async () => {
    const id = await createUser('tess', []);
    const stale = await users.patch(`/users/${id}`, { username: 'tessa', version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().message).toBe('This record was changed by someone else');
    const current = await users.patch(`/users/${id}`, { username: 'tessa', version: 1 });
    expect(current.statusCode, current.body).toBe(200);
    expect(data<ResourceRecord>(await users.get(`/users/${id}`)).version).toBe(2);
  });

  it('keeps role_ids in step when another writer changes the links, without a new version', async () => {
    const person = await addPerson(directory.db, 'uma');
    const role = await addRole(directory.db, 'Linked');
    const before = data<ResourceRecord>(await users.get(`/users/${person.id}`));
    await giveRole(directory.db, person.id, role);
    const after = data<ResourceRecord>(await users.get(`/users/${person.id}`));
    expect(after).toMatchObject({ role_ids: [role], version: before.version, updated_at: before.updated_at });
    await directory.db.query('DELETE FROM core.user_roles WHERE user_id = $1', [person.id]);
    expect(data<ResourceRecord>(await users.get(`/users/${person.id}`)).role_ids).toEqual([]);
  });

  it('exports users with their role names and never a password hash', async () => {
    const role = await addRole(directory.db, 'Exported');
    await createUser('vera', [role]);
    const response = await users.get('/users/export.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    const vera = response.body.split('\n').find((line) => line.includes('vera'));
    expect(vera).toContain('Exported');
    expect(response.body).not.toContain('argon2');
    const exact = await users.get('/users/export.csv?format=exact');
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.body).not.toContain('argon2');
  });

  it("ends the user's sessions when the engine's DELETE users/:id deletes them, and refuses deleting oneself", async () => {
    const person = await addPerson(directory.db, 'walt');
    const session = await signIn(directory.app, person.email, person.password);
    expect(session.refreshCookie).toBeTruthy();
    const response = await users.delete(`/users/${person.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await liveRefreshTokens(person.id)).toBe(0);
    const [deleted] = await history(`/users/${person.id}/history`);
    expect(deleted?.action).toBe('delete');

    const self = await users.delete(`/users/${admin}`);
    expect(self.statusCode).toBe(422);
    expect(self.json<ErrorBody>().errors).toEqual({ id: ['You cannot delete yourself.'] });
  });

  it("runs the same rules on the engine's bulk delete: sessions end, oneself is refused and nothing goes", async () => {
    const person = await addPerson(directory.db, 'yuri');
    await signIn(directory.app, person.email, person.password);
    expect(await liveRefreshTokens(person.id)).toBe(1);
    const mixed = await users.post('/users/bulk-delete', { ids: [person.id, admin] });
    expect(mixed.statusCode).toBe(422);
    expect(data<ResourceRecord>(await users.get(`/users/${person.id}`)).deleted_at).toBeNull();
    const alone = await users.post('/users/bulk-delete', { ids: [person.id] });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(await liveRefreshTokens(person.id)).toBe(0);
  });

  it('is in the resource catalogue for user managers', async () => {
    const catalogue = data<{ id: string }[]>(await users.get('/resources'));
    expect(catalogue.map((definition) => definition.id)).toContain('core.users');
    expect(catalogue.map((definition) => definition.id)).not.toContain('core.roles');
  });
});

describe('roles as records', () => {
  it('answers the record, exports the roles and records a rename in the history', async () => {
    const added = await roles.post('/roles/add', { name: 'Auditors' });
    expect(added.statusCode, added.body).toBe(201);
    const { id } = data<{ id: number }>(added);
    expect((await roles.put(`/roles/${id}/update`, { name: 'Auditors team' })).statusCode).toBe(200);
    expect(data<ResourceRecord>(await roles.get(`/roles/${id}`))).toMatchObject({
      id,
      name: 'Auditors team',
      version: 2,
      created_by: admin,
    });
    const entries = data<AuditEntry[]>(await roles.get(`/roles/${id}/history`));
    expect(entries.map((entry) => [entry.action, entry.after?.name])).toEqual([
      ['update', 'Auditors team'],
      ['create', 'Auditors'],
    ]);
    const csv = await roles.get('/roles/export.csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Auditors team');
  });

  it("holds the engine's own writes to the same rules: the superadmin role keeps its name, a held role stays", async () => {
    const superadmin = await roleId(directory.db, 'superadmin');
    const rename = await roles.patch(`/roles/${superadmin}`, { name: 'root', version: 1 });
    expect(rename.statusCode).toBe(422);
    expect(rename.json<ErrorBody>().errors).toEqual({ name: ['The superadmin role cannot be renamed.'] });

    const held = await addRole(directory.db, 'Held');
    const holder = await addPerson(directory.db, 'xena');
    await giveRole(directory.db, holder.id, held);
    const bulk = await roles.post('/roles/bulk-delete', { ids: [held] });
    expect(bulk.statusCode).toBe(409);
    const free = await addRole(directory.db, 'Free');
    // All or nothing: the superadmin role among them keeps the free one too.
    const gone = await roles.post('/roles/bulk-delete', { ids: [free, superadmin] });
    expect(gone.statusCode).toBe(409);
    expect((await roles.get(`/roles/${free}`)).statusCode).toBe(200);
  });
  it("answers a taken name on the engine's own writes with 422 on the field, as the spec's calls do", async () => {
    await addRole(directory.db, 'Taken');
    const other = await addRole(directory.db, 'Other');
    const created = await roles.post('/roles', { name: 'taken' });
    expect([created.statusCode, created.json<ErrorBody>().errors]).toEqual([422, { name: [expect.any(String)] }]);
    const renamed = await roles.patch(`/roles/${other}`, { name: 'Taken', version: 1 });
    expect([renamed.statusCode, renamed.json<ErrorBody>().errors]).toEqual([422, { name: [expect.any(String)] }]);
  });

  // The Mattermost link's id is no field of the resource: only the link writes it.
  it('knows every unique index of users and roles, so no clash is a 500', async () => {
    const { rows } = await directory.db.query<{ name: string; table: string }>(
      `SELECT indexname AS name, tablename AS table FROM pg_indexes
        WHERE schemaname = 'core' AND tablename IN ('users', 'roles') AND indexdef LIKE 'CREATE UNIQUE%' AND indexname NOT LIKE '%_pkey'
          AND indexname <> 'users_mattermost_user_id_key'`,
    );
    const known = new Map([
      ['users', uniqueIndexFields(USERS_RESOURCE)],
      ['roles', uniqueIndexFields(ROLES_RESOURCE)],
    ]);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect(known.get(row.table)?.has(row.name), row.name).toBe(true);
  });
});
