import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { usersService } from '@core/server/auth/users-service';
import { routeKit } from '@core/server/resource';
import { STALE_VERSION_MESSAGE } from '@core/shared/resource/definition';
import { addUser } from '../../../support/server/test-database';
import { recordWriterLab, refusal, unique } from './support-record-writer';
import { categories, items } from './support-resource';

/*
 * The server SDK's write path (`context.records`) and users service, as a plugin's own route uses
 * them: the same validation, version check, reference check and audit row as the engine's routes.
 */

const lab = recordWriterLab('writer');

async function auditOf(resource: string, id: number): Promise<{ action: string; actor_id: number }[]> {
  const { rows } = await lab.db.query<{ action: string; actor_id: string | number }>(
    'SELECT action, actor_id FROM core.audit_log WHERE resource = $1 AND record_id = $2 ORDER BY id',
    [resource, id],
  );
  return rows.map((row) => ({ action: row.action, actor_id: Number(row.actor_id) }));
}

describe('the record writer', () => {
  it('creates, changes and removes with an audit row naming the actor each time', async () => {
    const created = await lab.records.create(categories, { name: unique('Books') }, lab.actor);
    await lab.records.change(categories, created.id, { action: 'update', values: { rank: 3 }, version: 1 }, lab.actor);
    await lab.records.remove(categories, created.id, lab.actor);
    expect(await auditOf(categories.id, created.id)).toEqual([
      { action: 'create', actor_id: lab.staffId },
      { action: 'update', actor_id: lab.staffId },
      { action: 'delete', actor_id: lab.staffId },
    ]);
  });

  it('replaces the whole form: the version is checked only when sent, and a stale one is a 409', async () => {
    const created = await lab.records.create(categories, { name: unique('Games'), rank: 1 }, lab.actor);
    const replaced = await lab.records.replace(categories, created.id, { name: unique('Games') }, lab.actor);
    // Read as a new record's form: the rank left out is cleared.
    expect([replaced.version, replaced.rank]).toEqual([2, null]);
    const stale = await refusal(
      lab.records.replace(categories, created.id, { name: unique('Games'), version: 1 }, lab.actor),
    );
    expect([stale.status, stale.message]).toEqual([409, STALE_VERSION_MESSAGE]);
    expect(
      (await lab.records.replace(categories, created.id, { name: unique('Games'), version: 2 }, lab.actor)).version,
    ).toBe(3);
  });

  it('refuses what the engine routes refuse: a taken unique value (422), a missing reference (422), a record still pointed at (409)', async () => {
    const name = unique('Music');
    const category = await lab.records.create(categories, { name }, lab.actor);
    const taken = await refusal(lab.records.create(categories, { name: name.toUpperCase() }, lab.actor));
    expect([taken.status, Object.keys(taken.errors ?? {})]).toEqual([422, ['name']]);
    const missing = await refusal(
      lab.records.create(items, { title: unique('Item'), category_id: 999_999 }, lab.actor),
    );
    expect([missing.status, Object.keys(missing.errors ?? {})]).toEqual([422, ['category_id']]);
    await lab.records.create(items, { title: unique('Item'), category_id: category.id }, lab.actor);
    expect((await refusal(lab.records.remove(categories, category.id, lab.actor))).status).toBe(409);
  });

  it('runs the resource hooks inside the caller transaction, and rolls back with it', async () => {
    const title = unique('Kept out');
    const failed = lab.db.transaction(async (tx) => {
      const item = await lab.records.createIn(tx, items, { title }, lab.actor);
      expect(item.stage).toBe('new');
      throw new Error('the route changed its mind');
    });
    await expect(failed).rejects.toThrow('the route changed its mind');
    const { rows } = await lab.db.query('SELECT 1 FROM lab.items WHERE title = $1', [title]);
    expect(rows).toHaveLength(0);
  });
});

describe('the users service', () => {
  it('finds users, live or not, labels them and names the first superadmin', async () => {
    const gone = await addUser(lab.db, { username: 'gone', email: 'gone@example.com', password: 'gone-password-1' });
    await lab.db.query('UPDATE core.users SET deleted_at = now() WHERE id = $1', [gone]);
    expect(await usersService.find(lab.db, gone)).toMatchObject({ id: gone, username: 'gone' });
    expect(await usersService.find(lab.db, gone, { live: true })).toBeNull();
    expect([await usersService.isLive(lab.db, lab.staffId), await usersService.isLive(lab.db, gone)]).toEqual([
      true,
      false,
    ]);
    const notFound = await refusal(usersService.require(lab.db, gone, { live: true }));
    expect([notFound.status, notFound.message]).toEqual([404, 'User not found.']);
    expect(await usersService.labels(lab.db, [lab.staffId, gone, 999_999])).toEqual(
      new Map([
        [lab.staffId, 'writer'],
        [gone, 'gone'],
      ]),
    );
    expect((await usersService.findByEmail(lab.db, 'WRITER@example.com'))?.id).toBe(lab.staffId);
    const superadmin = await usersService.firstSuperadmin(lab.db);
    expect(superadmin).not.toBeNull();
    expect(superadmin).not.toBe(lab.staffId);
  });
});

describe('the route kit', () => {
  it('reads the caller language and turns a unique violation into a check', () => {
    expect(routeKit.isUniqueViolation(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(true);
    expect(routeKit.isUniqueViolation(Object.assign(new Error('other'), { code: '23503' }))).toBe(false);
    expect(routeKit.conflict('Taken.').status).toBe(409);
    expect(routeKit.notFound('Thing').message).toBe('Thing not found.');
    const asking = (language: string) => ({ headers: { 'accept-language': language } }) as unknown as FastifyRequest;
    expect([routeKit.languageOf(asking('ru-RU,ru;q=0.9')), routeKit.languageOf(asking('de'))]).toEqual(['ru', 'en']);
  });
});
