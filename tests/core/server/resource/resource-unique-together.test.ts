import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@core/server/database/database';
import { defineServerPlugin } from '@core/server/plugin';
import { plannedIndexes } from '@core/server/resource/indexes';
import { defineResource, definitionProblems } from '@core/shared/resource/definition';
import { buildServer, DB_TIMEOUT, freshDatabase } from '../../../support/server/test-database';
import { labClient, labManifest, type ErrorBody } from './support-resource';

// Rates: one per currency and day among live rows; soft-deleted rows free their pair again.
const rates = defineResource({
  id: 'pair.rates',
  service: 'shop',
  path: 'rates',
  table: 'pair.rates',
  titleKey: 'pair:rates',
  recordKey: 'pair:rate',
  access: { read: 'SC', write: 'SC' },
  fields: [
    { kind: 'text', name: 'code', labelKey: 'pair:code', required: true },
    { kind: 'date', name: 'day', labelKey: 'pair:day', required: true },
    { kind: 'decimal', name: 'rate', labelKey: 'pair:rate', scale: 8 },
  ],
  labelField: 'code',
  softDelete: true,
  uniqueTogether: [['code', 'day']],
});

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await freshDatabase();
  app = await buildServer({
    db,
    plugins: [
      defineServerPlugin({
        manifest: { ...labManifest, id: 'pair' },
        migrations: [],
        resources: [rates],
        register: () => undefined,
      }),
    ],
  });
}, DB_TIMEOUT);
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('uniqueTogether', { timeout: DB_TIMEOUT }, () => {
  it('plans one unique index over the group, live rows only', () => {
    const plan = plannedIndexes(rates, null).find((index) => index.unique);
    expect(plan).toMatchObject({ name: 'rates__code__day__live_key', field: 'code' });
    expect(plan?.sql).toBe(
      'CREATE UNIQUE INDEX IF NOT EXISTS "rates__code__day__live_key" ON "pair"."rates" (lower("code"), "day") WHERE deleted_at IS NULL',
    );
  });

  it('refuses a second record with the same values together with 422 on the first field, and allows either alone', async () => {
    const client = labClient(app, ['SC']);
    expect((await client.post('/rates', { code: 'EUR', day: '2026-01-01', rate: '1.1' })).statusCode).toBe(201);
    const clash = await client.post('/rates', { code: 'eur', day: '2026-01-01', rate: '1.2' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json<ErrorBody>().errors).toEqual({ code: ['This value is already taken.'] });
    expect((await client.post('/rates', { code: 'EUR', day: '2026-01-02' })).statusCode).toBe(201);
    const gbp = await client.post('/rates', { code: 'GBP', day: '2026-01-01' });
    expect(gbp.statusCode).toBe(201);
    // Moving a record onto a taken pair is refused the same way.
    const moved = await client.patch(`/rates/${gbp.json<{ data: { id: number } }>().data.id}`, {
      version: 1,
      code: 'EUR',
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json<ErrorBody>().errors).toEqual({ code: ['This value is already taken.'] });
  });

  it('is checked by the shared definition check', () => {
    const problems = (uniqueTogether: readonly (readonly string[])[]) =>
      definitionProblems({ ...rates, uniqueTogether });
    expect(problems([['code', 'day']])).toEqual([]);
    expect(problems([['code']])).toEqual(['pair.rates: uniqueTogether [code] must name two or more different fields']);
    expect(problems([['code', 'code']])).toEqual([
      'pair.rates: uniqueTogether [code, code] must name two or more different fields',
    ]);
    expect(problems([['code', 'nope']])).toEqual(['pair.rates: uniqueTogether names unknown field "nope"']);
  });
});
