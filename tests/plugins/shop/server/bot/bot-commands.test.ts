import { describe, expect, it } from 'vitest';
import { parseCommand } from '@plugins/shop/server/bot/bot-commands';
import { messageChunks } from '@plugins/shop/server/bot/message-chunks';
import { teamUserOf } from '@plugins/shop/server/bot/order-handler';
import { productTyped, type OrderableProduct } from '@plugins/shop/server/bot/team-reads';

/** The team bot's pieces that need no server: commands as typed, messages cut to Telegram's length, the team user. */

describe('parseCommand', () => {
  it('reads /products, /orders and /order with a product name of several words', () => {
    expect(parseCommand('/products')).toEqual({ kind: 'products' });
    expect(parseCommand(' /orders@team_bot ')).toEqual({ kind: 'orders' });
    expect(parseCommand('/order Farm account 3')).toEqual({ kind: 'order', product: 'Farm account', quantity: 3 });
    expect(parseCommand('/ORDER 12 1000')).toEqual({ kind: 'order', product: '12', quantity: 1000 });
  });

  it('answers a bad /order with its usage: no quantity, zero, too many, not a whole number', () => {
    for (const text of [
      '/order',
      '/order Farm',
      '/order Farm 0',
      '/order Farm 1001',
      '/order Farm -2',
      '/order Farm 2.5',
      '/order Farm 1e3',
      '/order 3',
      '/order Farm 99999999999999999999',
    ]) {
      expect(parseCommand(text), text).toEqual({ kind: 'order-usage' });
    }
  });

  it('answers /start, /help, unknown commands and plain text with the help', () => {
    for (const text of ['/start', '/help', '/unknown', 'hello', ''])
      expect(parseCommand(text), text).toEqual({ kind: 'help' });
  });
});

describe('productTyped', () => {
  const products: OrderableProduct[] = [
    { id: 4, name: 'Farm account', price: '12.50', currency: 'USD', dayLimit: null },
    { id: 7, name: '4', price: '1.00', currency: 'USD', dayLimit: 2 },
  ];
  it('finds a product by name in any letter case, else by number', () => {
    expect(productTyped(products, 'FARM ACCOUNT')?.id).toBe(4);
    expect(productTyped(products, '7')?.id).toBe(7);
    // A name wins over a number that happens to read the same.
    expect(productTyped(products, '4')?.id).toBe(7);
    expect(productTyped(products, 'Pixel')).toBeUndefined();
  });
});

describe('messageChunks', () => {
  it('keeps lines whole, joining as many as fit in one message', () => {
    expect(messageChunks(['a', 'b', 'c'], 3)).toEqual(['a\nb', 'c']);
    expect(messageChunks(['abc', 'de'], 5)).toEqual(['abc', 'de']);
    expect(messageChunks(['one line'])).toEqual(['one line']);
  });

  it('counts characters as Telegram does (code points) and cuts only a line longer than a message', () => {
    expect(messageChunks(['😀😀', '😀'], 4)).toEqual(['😀😀\n😀']);
    expect(messageChunks(['abcdefg'], 3)).toEqual(['abc', 'def', 'g']);
  });
});

describe('teamUserOf', () => {
  it('names the Telegram account that ordered as @username (id), or by id alone', () => {
    expect(teamUserOf({ id: 555, username: 'ann', firstName: 'Ann', languageCode: null })).toBe('@ann (555)');
    expect(teamUserOf({ id: 555, username: null, firstName: 'Ann', languageCode: null })).toBe('555');
  });
});
