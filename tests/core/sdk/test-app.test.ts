import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUT, testApp, type TestApp } from '@core/sdk/testing';
import finance from '@plugins/finance/server';

describe('testApp', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await testApp({ plugins: [finance] });
  }, DB_TIMEOUT);
  afterAll(() => app.close());

  it('calls the plugin as a user holding exactly the given codes', async () => {
    expect((await app.as(['FT']).get('/api/finance/transactions')).statusCode).toBe(200);
    expect((await app.as(['FW']).get('/api/finance/transactions')).statusCode).toBe(403);
    expect((await app.as([]).get('/api/finance/transactions')).statusCode).toBe(403);
  });

  it('signs one user in per set of codes, whatever their order', async () => {
    expect(await app.as(['FT', 'FW']).userId()).toBe(await app.as(['FW', 'FT']).userId());
    expect(await app.as(['FT']).userId()).not.toBe(await app.as(['FW']).userId());
    const profile = await app.as(['FW', 'FT']).get('/api/auth/auth/profile');
    expect(profile.json<{ data: { permissions: string[] } }>().data.permissions.sort()).toEqual(['FT', 'FW']);
  });

  it('calls as the seeded superadmin', async () => {
    expect((await app.asSuperadmin().get('/api/finance/transactions')).statusCode).toBe(200);
  });

  it('refuses a code the catalogue lacks, naming it', async () => {
    await expect(app.as(['NOPE']).get('/api/finance/transactions')).rejects.toThrow(
      'no permission named NOPE in the catalogue',
    );
  });
});
