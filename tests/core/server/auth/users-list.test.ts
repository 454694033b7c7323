import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo, UserListItem } from '@core/server/auth/users-queries';
import type { ListPage } from '@core/shared/envelopes';
import { TEMPLATE_CODES } from '../../../support/server/test-database';
import {
  addPerson,
  addRole,
  adminId,
  clientWith,
  giveRole,
  openDirectory,
  permissionId,
  type Client,
  type Directory,
  type ErrorBody,
} from './support-directory';

interface Reference {
  readonly id: number;
  readonly label: string;
}

// Reads only: one database for the file, seeded once.
let directory: Directory;
let api: Client;
const ids: Record<string, number> = {};

beforeAll(async () => {
  directory = await openDirectory();
  const { db } = directory;
  api = clientWith(directory.app, ['JU']);
  ids.admin = await adminId(db);
  for (const name of ['alice', 'Bob', 'carol', 'per%cent', 'perXcent', 'under_score', 'underXscore']) {
    ids[name] = (await addPerson(db, name)).id;
  }
  ids.editors = await addRole(db, 'editors', ['JA', 'JS']);
  await giveRole(db, ids.alice ?? 0, ids.editors);
  await giveRole(db, ids.carol ?? 0, ids.editors);
  await db.query(`INSERT INTO core.user_permissions (user_id, permission_id) VALUES ($1, $2)`, [
    ids.alice,
    await permissionId(db, 'TF'),
  ]);
  await db.query(`UPDATE core.users SET blocked_at = now() WHERE id = $1`, [ids.Bob]);
  await db.query(`UPDATE core.users SET deleted_at = now() WHERE id = $1`, [ids.carol]);
  await db.query(
    `UPDATE core.users SET sub = 'AL-1', tg_user_id = 4242, tg_login = 'alice_tg', manager_id = $2 WHERE id = $1`,
    [ids.alice, ids.admin],
  );
  await db.query(`UPDATE core.users SET sub = 'UX-2' WHERE id = $1`, [ids.underXscore]);
  // Distinct creation times, oldest first in insertion order, so the default order is predictable.
  await db.query(`UPDATE core.users SET created_at = now() - make_interval(secs => 1000 - id)`);
});

afterAll(async () => {
  await directory.close();
});

async function list(query: string): Promise<ListPage<UserListItem>> {
  const response = await api.get(`/users${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ListPage<UserListItem> }>().data;
}

const names = (page: ListPage<UserListItem>): string[] => page.data.map((row) => row.username);

describe('GET /users', () => {
  it('pages the users who are not deleted, newest first, with the list envelope', async () => {
    const page = await list('');
    expect(page).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, total: 7 });
    expect(names(page)).toEqual(['underXscore', 'under_score', 'perXcent', 'per%cent', 'Bob', 'alice', 'admin']);
    const alice = page.data.find((row) => row.username === 'alice');
    // The engine's record of the user (version, role ids and their labels), with the role names the call has always given.
    expect(alice).toMatchObject({
      id: ids.alice,
      username: 'alice',
      email: 'alice@example.com',
      status: 'active',
      roles: ['editors'],
      role_ids: [ids.editors],
      version: expect.any(Number),
      created_at: expect.any(String),
      deleted_at: null,
      blocked_at: null,
      _labels: { role_ids: ['editors'] },
    });
    expect(JSON.stringify(page)).not.toContain('$argon2');
  });

  it("takes the engine's filters and order as every resource list does", async () => {
    expect(names(await list(`?filter[role_ids][eq]=${ids.editors}&filter[username][contains]=AL`))).toEqual(['alice']);
    expect(names(await list('?sort=-username&per_page=2'))).toEqual(['underXscore', 'under_score']);
    const bad = await api.get('/users?filter[password_hash][eq]=x');
    expect(bad.statusCode).toBe(422);
  });

  it('honours page and per_page', async () => {
    const second = await list('?page=2&per_page=3');
    expect(second).toMatchObject({ current_page: 2, last_page: 3, per_page: 3, total: 7 });
    expect(names(second)).toEqual(['per%cent', 'Bob', 'alice']);
    expect((await list('?page=9&per_page=3')).data).toEqual([]);
  });

  it('sorts by username when asked', async () => {
    expect(names(await list('?sort=username'))).toEqual([
      'admin',
      'alice',
      'Bob',
      'per%cent',
      'perXcent',
      'under_score',
      'underXscore',
    ]);
  });

  it('searches username and e-mail case-insensitively', async () => {
    expect(names(await list('?q=BO'))).toEqual(['Bob']);
    expect(names(await list('?q=ALICE%40EXAMPLE'))).toEqual(['alice']);
    expect((await list('?q=nobody')).total).toBe(0);
  });

  it('treats LIKE wildcards in the search as data', async () => {
    expect(names(await list(`?q=${encodeURIComponent('%')}`))).toEqual(['per%cent']);
    expect(names(await list(`?q=${encodeURIComponent('r%c')}`))).toEqual(['per%cent']);
    expect(names(await list('?q=_'))).toEqual(['under_score']);
    expect(names(await list('?q=r_s'))).toEqual(['under_score']);
    expect((await list(`?q=${encodeURIComponent('\\')}`)).total).toBe(0);
  });

  it('filters by status and role', async () => {
    expect(names(await list('?status=blocked'))).toEqual(['Bob']);
    expect(names(await list(`?role_id=${ids.editors}`))).toEqual(['alice']);
    expect(names(await list(`?role_id=${ids.editors}&deleted=with`))).toEqual(['carol', 'alice']);
  });

  it('shows deleted users only when asked', async () => {
    const only = await list('?deleted=only');
    expect(names(only)).toEqual(['carol']);
    expect(only.data[0]?.deleted_at).toEqual(expect.any(String));
    expect((await list('?deleted=with')).total).toBe(8);
  });

  it.each([
    ['per_page', '?per_page=101'],
    ['per_page', '?per_page=0'],
    ['page', '?page=0'],
    ['status', '?status=gone'],
    ['deleted', '?deleted=all'],
    ['sort', '?sort=password_hash'],
    ['role_id', '?role_id=x'],
  ])('refuses a bad %s with 422 on that field', async (field, query) => {
    const response = await api.get(`/users${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors?.[field]).toHaveLength(1);
  });
});

describe('GET /users/:id/info', () => {
  it('gives the roles, effective and additional permissions and the linked accounts', async () => {
    const response = await api.get(`/users/${ids.alice}/info`);
    expect(response.statusCode).toBe(200);
    const info = response.json<{ data: UserInfo }>().data;
    expect(info).toEqual({
      id: ids.alice,
      username: 'alice',
      email: 'alice@example.com',
      status: 'active',
      roles: ['editors'],
      role_ids: [ids.editors],
      permissions: ['JA', 'JS', 'TF'],
      additional_permissions: [{ id: await permissionId(directory.db, 'TF'), name: 'TF' }],
      sub: 'AL-1',
      tg_user_id: 4242,
      tg_login: 'alice_tg',
      manager_id: ids.admin,
      mattermost_username: null,
      created_at: expect.any(String),
      deleted_at: null,
    });
  });

  it('gives the superadmin every code in the catalogue', async () => {
    const info = (await api.get(`/users/${ids.admin}/info`)).json<{ data: UserInfo }>().data;
    expect(info.roles).toEqual(['superadmin']);
    expect(info.permissions).toEqual([...TEMPLATE_CODES].sort());
    expect(info.additional_permissions).toEqual([]);
  });

  it('shows a deleted user, with the deletion time', async () => {
    const info = (await api.get(`/users/${ids.carol}/info`)).json<{ data: UserInfo }>().data;
    expect(info.deleted_at).toEqual(expect.any(String));
    expect(info.permissions).toEqual(['JA', 'JS']);
  });

  it('answers 404 for an unknown user and for a malformed id', async () => {
    const missing = await api.get('/users/999999/info');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>().message).toBe('User not found.');
    const malformed = await api.get('/users/abc/info');
    expect(malformed.statusCode).toBe(404);
  });
});

describe('user references', () => {
  async function references(path: string): Promise<Reference[]> {
    const response = await api.get(path);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Reference[] }>().data;
  }

  it('lists active, undeleted users by username', async () => {
    const data = await references('/references/users');
    expect(data.map((item) => item.label)).toEqual([
      'admin',
      'alice',
      'per%cent',
      'perXcent',
      'under_score',
      'underXscore',
    ]);
    expect(data[1]).toEqual({ id: ids.alice, label: 'alice' });
  });

  it('searches them, wildcards as data', async () => {
    expect(await references('/references/users?q=ALI')).toEqual([{ id: ids.alice, label: 'alice' }]);
    expect((await references('/references/users?q=_')).map((item) => item.label)).toEqual(['under_score']);
  });

  it('lists users that have a sub, labelled by it', async () => {
    expect(await references('/references/users-sub')).toEqual([
      { id: ids.alice, label: 'AL-1' },
      { id: ids.underXscore, label: 'UX-2' },
    ]);
    expect(await references('/references/users-sub?q=ux')).toEqual([{ id: ids.underXscore, label: 'UX-2' }]);
  });

  it('lists roles by name for the users list role filter, searched or named by id', async () => {
    const roles = await references('/references/roles');
    expect(roles).toContainEqual({ id: ids.editors, label: 'editors' });
    expect(await references('/references/roles?q=EDIT')).toEqual([{ id: ids.editors, label: 'editors' }]);
    expect(await references(`/references/roles?ids=${ids.editors}`)).toEqual([{ id: ids.editors, label: 'editors' }]);
    expect((await api.get('/references/roles?ids=1,x')).statusCode).toBe(422);
  });

  it('gives at most 50', async () => {
    await directory.db.query(
      `INSERT INTO core.users (username, email, password_hash) SELECT 'bulk' || n, 'bulk' || n || '@example.com', 'x' FROM generate_series(1, 60) AS n`,
    );
    try {
      expect(await references('/references/users?q=bulk')).toHaveLength(50);
    } finally {
      await directory.db.query(`DELETE FROM core.users WHERE username LIKE 'bulk%'`);
    }
  });
});
