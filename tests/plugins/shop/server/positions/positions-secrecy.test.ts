import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '@core/sdk/shared';
import { logLine } from '../../../messenger/server/messenger-support';
import { addUser, DB_TIMEOUT } from '@core/sdk/testing';
import { shopApp, SHOP_CODES, type ShopTestApp } from '../shop-support';
import { bulk, stockFixture, storedPositions } from './positions-support';

/** A position's data: revealed to SQ and to its buyer only, audited, and never anywhere else. */

const SECRET = 'very-secret-login:Pa55-w0rd-xyz:hidden@example.com';
const OTHER_SECRET = 'another-login:0ther-Pa55:other@example.com';

let t: ShopTestApp;
let buyer: number;
let stranger: number;
let position: number;

beforeAll(async () => {
  t = await shopApp();
  buyer = await addUser(t.db, { username: 'buyer', email: 'buyer@example.com', password: 'buyer-password-1' });
  stranger = await addUser(t.db, {
    username: 'stranger',
    email: 'stranger@example.com',
    password: 'stranger-password-1',
  });
  const { product } = await stockFixture(t);
  expect((await bulk(t, { product, lines: `${SECRET}\n${OTHER_SECRET}` })).statusCode).toBe(200);
  const [first] = await storedPositions(t, product);
  position = first?.id ?? 0;
  // The order engine's hand-out, as it leaves a position: reserved for the buyer.
  await t.db.query(`UPDATE shop.positions SET state = 'reserved', owner = $2 WHERE id = $1`, [position, buyer]);
}, DB_TIMEOUT);
afterAll(() => t.close());

const reveal = (codes: Parameters<ShopTestApp['shop']>[0], userId: number, id = position) =>
  t.shop(codes, 'GET', `positions/${id}/data`, undefined, userId);
const reveals = async () =>
  (
    await t.db.query<{ actor_id: string; before: unknown; after: unknown }>(
      `SELECT actor_id::text, before, after FROM core.audit_log WHERE resource = 'shop.positions' AND record_id = $1 AND action = 'reveal' ORDER BY id`,
      [position],
    )
  ).rows;

describe('reveal', () => {
  it('shows the data to an SQ holder, uncached, and audits who saw which position', async () => {
    const before = (await reveals()).length;
    const answer = await reveal(['SQ'], 1);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: { data: SECRET } });
    expect(answer.headers['cache-control']).toBe('no-store');
    const audit = await reveals();
    expect(audit.slice(before)).toEqual([{ actor_id: '1', before: null, after: null }]);
  });

  it('shows the data to the buyer it went to without SQ', async () => {
    const answer = await reveal([], buyer);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: { data: SECRET } });
    expect((await reveals()).at(-1)).toEqual({ actor_id: String(buyer), before: null, after: null });
  });

  it('answers 404 to anyone else, and for a position that does not exist, auditing nothing', async () => {
    const before = (await reveals()).length;
    for (const codes of [[], ['SO', 'SC', 'SP', 'SM', 'SS', 'SR']] as const) {
      const answer = await reveal(codes, stranger);
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain(SECRET);
    }
    expect((await reveal(['SQ'], 1, 999_999)).statusCode).toBe(404);
    expect((await reveals()).length).toBe(before);
  });

  it('needs a signed-in caller', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/shop/positions/${position}/data` });
    expect(answer.statusCode).toBe(401);
  });
});

describe('the data never leaves otherwise', () => {
  it('is masked in the list, the record, its history and the export, and absent from the logs', async () => {
    const answers = await Promise.all([
      t.shop(SHOP_CODES, 'GET', 'positions'),
      t.shop(SHOP_CODES, 'GET', `positions/${position}`),
      t.shop(SHOP_CODES, 'GET', `positions/${position}/history`),
      t.shop(SHOP_CODES, 'GET', 'positions/export.csv'),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      for (const secret of [SECRET, OTHER_SECRET, 'Pa55-w0rd-xyz']) expect(answer.body).not.toContain(secret);
    }
    expect(answers[1]?.json<{ data: { data: string } }>().data.data).toBe(SECRET_MASK);
    const products = await t.shop(SHOP_CODES, 'GET', 'products');
    expect(products.body).not.toContain('Pa55');
    const audit = await t.db.query<{ row: string }>(`SELECT row_to_json(a)::text AS row FROM core.audit_log a`);
    for (const { row } of audit.rows) expect(row).not.toContain('Pa55');
    for (const call of t.logs) expect(logLine(call)).not.toContain('Pa55');
  });

  it('is never echoed by a refused load, a refused edit or a refused create', async () => {
    const { product } = await stockFixture(t);
    const bad = 'only-login-Pa55';
    const refused = await bulk(t, { product, lines: `${bad}\n${SECRET}\n${SECRET}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).not.toContain('Pa55');
    const create = await t.shop(['SQ'], 'POST', 'positions', { product, data: bad, state: 'free' });
    expect(create.statusCode).toBe(422);
    expect(create.body).not.toContain('Pa55');
    for (const call of t.logs) expect(logLine(call)).not.toContain('Pa55');
  });
});
