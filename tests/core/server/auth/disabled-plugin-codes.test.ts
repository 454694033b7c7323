import 'reflect-metadata';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedPermissionCatalogue } from '@core/server/auth/bootstrap';
import type { PermissionItem } from '@core/server/auth/permissions-queries';
import type { Database } from '@core/server/database/database';
import { defineServerPlugin, type ServerPlugin } from '@core/server/plugin';
import { PermissionCatalogue } from '@core/shared/permission-catalogue';
import type { RoleItem, UserInfo } from '@core/shared/users';
import admin from '@plugins/admin/server';
import { buildServer, DB_TIMEOUT, freshDatabase, signIn } from '../../../support/server/test-database';
import {
  addPerson,
  addRole,
  clientWith,
  giveRole,
  permissionId,
  permissionsVersion,
  type Client,
  type Person,
} from './support-directory';

/** A plugin that declares two codes and nothing else, installed after the template was built. */
const vacations = defineServerPlugin({
  manifest: {
    id: 'vacations',
    version: '0.1.0',
    sdk: '^2.0.0',
    titleKey: 'vacations:title',
    service: 'vacations',
    dependencies: [],
    namespaces: ['vacations'],
    pages: [],
    permissions: [
      { code: 'VAC', area: 'vacations', description: { en: 'Vacation requests', ru: 'Заявки на отпуск' } },
      { code: 'VAA', area: 'vacations', description: { en: 'Vacation approvals', ru: 'Согласование отпусков' } },
    ],
  },
  migrations: [],
  register() {},
});

let db: Database;
let server: FastifyInstance | null = null;
/** The administrator on the roles screen: holds admin's codes only, which every start here keeps. */
let rita: Person;

/** A start-up with these plugins on the same data: the catalogue seeded as start-server seeds it, then the server. */
async function start(plugins: readonly ServerPlugin[]): Promise<Client> {
  await server?.close();
  await seedPermissionCatalogue(db, new PermissionCatalogue(plugins.map((plugin) => plugin.manifest)));
  server = await buildServer({ db, plugins });
  return clientWith(server, ['JT', 'JU'], rita.id);
}

const names = (items: readonly { readonly name: string }[]): string[] => items.map((item) => item.name);

async function catalogue(api: Client): Promise<string[]> {
  return names((await api.get('/permissions')).json<{ data: PermissionItem[] }>().data);
}

async function roleCodes(api: Client, role: number): Promise<string[]> {
  return names((await api.get(`/roles/${role}/permissions`)).json<{ data: PermissionItem[] }>().data);
}

/** The superadmin's codes, as signing in hands them to the browser. */
async function superadminCodes(): Promise<readonly string[]> {
  if (!server) throw new Error('no server started');
  return (await signIn(server)).user.permissions;
}

/** A user's codes and own codes as the user detail shows them (the same effective codes signing in gives). */
async function userCodes(api: Client, userId: number): Promise<[readonly string[], readonly string[]]> {
  const info = (await api.get(`/users/${userId}/info`)).json<{ data: UserInfo }>().data;
  return [info.permissions, names(info.additional_permissions)];
}

beforeEach(async () => {
  db = await freshDatabase();
  rita = await addPerson(db, 'rita', ['JT', 'JU']);
}, DB_TIMEOUT);

afterEach(async () => {
  await server?.close();
  server = null;
  await db.close();
});

describe('a plugin enabled once, then disabled on the same data', () => {
  it(
    'has its codes in neither the catalogue nor anyone’s codes, keeps the grants, and has them back once enabled again',
    async () => {
      let api = await start([admin, vacations]);
      // Granted while it ran: VAC and JA through a role, VAA directly.
      const planners = await addRole(db, 'planners', ['VAC', 'JA']);
      const erin = await addPerson(db, 'erin', ['VAA']);
      await giveRole(db, erin.id, planners);
      expect(await catalogue(api)).toEqual(expect.arrayContaining(['JA', 'VAC', 'VAA']));
      expect(await superadminCodes()).toEqual(expect.arrayContaining(['JA', 'VAC', 'VAA']));
      expect(await userCodes(api, erin.id)).toEqual([['JA', 'VAA', 'VAC'], ['VAA']]);
      const version = await permissionsVersion(db, erin.id);

      api = await start([admin]);
      const offered = await catalogue(api);
      expect(offered).toContain('JA');
      expect(offered.filter((code) => code.startsWith('VA'))).toEqual([]);
      const superadmin = await superadminCodes();
      expect(superadmin).toContain('JA');
      expect(superadmin.filter((code) => code.startsWith('VA'))).toEqual([]);
      // The roles screen and the user's detail (and profile): the role grants JA alone, the user has no codes of her own.
      expect(await userCodes(api, erin.id)).toEqual([['JA'], []]);
      expect(await roleCodes(api, planners)).toEqual(['JA']);
      expect(
        (await api.get('/roles')).json<{ data: RoleItem[] }>().data.find((role) => role.id === planners)
          ?.permissions_count,
      ).toBe(1);
      // Her access token carried VAC and VAA: she must read her codes again.
      expect(await permissionsVersion(db, erin.id)).toBeGreaterThan(version);

      // Saving the role from the roles screen, which shows JA alone, keeps the grant of VAC; VAC can be neither granted nor changed.
      const vac = await permissionId(db, 'VAC');
      expect(
        (await api.post(`/roles/${planners}/assign-permissions`, { permissions: [await permissionId(db, 'JA')] }))
          .statusCode,
      ).toBe(200);
      expect((await api.post(`/roles/${planners}/assign-permissions`, { permissions: [vac] })).statusCode).toBe(422);
      expect((await api.patch(`/permissions/${vac}`, { description: 'Changed' })).statusCode).toBe(404);
      expect((await api.delete(`/permissions/${vac}`)).statusCode).toBe(404);

      api = await start([admin, vacations]);
      expect(await catalogue(api)).toEqual(expect.arrayContaining(['VAC', 'VAA']));
      expect(await superadminCodes()).toEqual(expect.arrayContaining(['VAC', 'VAA']));
      expect(await userCodes(api, erin.id)).toEqual([['JA', 'VAA', 'VAC'], ['VAA']]);
      expect(await roleCodes(api, planners)).toEqual(['JA', 'VAC']);
    },
    DB_TIMEOUT,
  );

  it(
    'knows the codes of a plugin disabled before codes remembered their plugin, from the plugins the host could run',
    async () => {
      await seedPermissionCatalogue(db, new PermissionCatalogue([admin.manifest, vacations.manifest]));
      await db.query('UPDATE core.permissions SET plugin = NULL');
      await seedPermissionCatalogue(db, new PermissionCatalogue([admin.manifest]), [
        admin.manifest,
        vacations.manifest,
      ]);
      server = await buildServer({ db, plugins: [admin] });
      const offered = await catalogue(clientWith(server, ['JT', 'JU'], rita.id));
      expect(offered).toContain('JA');
      expect(offered.filter((code) => code.startsWith('VA'))).toEqual([]);
    },
    DB_TIMEOUT,
  );
});
