import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DB_TIMEOUT, mintToken } from '@core/sdk/testing';
import { shopApp, type ShopTestApp } from './shop-support';

/**
 * The users picker opens to whoever may fill a user field: an order's buyer is picked by order
 * staff (SO) who hold no user-management code (JU), not by someone whose screens have no user field.
 */

let t: ShopTestApp;
beforeAll(async () => {
  t = await shopApp();
}, DB_TIMEOUT);
afterAll(() => t.close());

const picker = (codes: readonly string[], path = 'references/users') =>
  t.app.inject({ method: 'GET', url: `/api/auth/${path}`, headers: bearer(mintToken(codes)) });

describe('the users picker', () => {
  it('answers holders of a code whose resource has a user field, and user managers', async () => {
    for (const codes of [['SO'], ['SQ'], ['SR'], ['JU']]) {
      const answer = await picker(codes);
      expect(answer.statusCode, codes.join()).toBe(200);
      expect(Object.keys(answer.json().data[0] ?? { id: 1, label: 'x' })).toEqual(['id', 'label']);
    }
  });

  it('refuses anyone else', async () => {
    for (const codes of [['MB'], ['SC'], ['SP'], []]) expect((await picker(codes)).statusCode, codes.join()).toBe(403);
    expect((await picker(['MB'], 'references/users-sub')).statusCode).toBe(403);
  });
});
