import { describe, expect, it } from 'vitest';
import {
  normalizeText,
  scoreScreen,
  searchScreens,
  type PaletteScreen,
} from '@core/web/shell/command-palette/search-screens';

function screen(label: string, group = 'Main', aliases?: readonly string[]): PaletteScreen {
  return { id: label, path: `/${label}`, label, group, aliases };
}

const labels = (screens: readonly PaletteScreen[]): string[] => screens.map((found) => found.label);

describe('normalizeText', () => {
  it('lower-cases and drops diacritics', () => {
    expect(normalizeText('Café Crème')).toBe('cafe creme');
    expect(normalizeText('Ёлка')).toBe('елка');
  });

  it('keeps Russian й, a letter of its own', () => {
    expect(normalizeText('Свойства ЙОД')).toBe('свойства йод');
  });
});

describe('searchScreens', () => {
  const screens = [
    screen('Transactions', 'Finance'),
    screen('Wallets', 'Finance'),
    screen('Users', 'Admin'),
    screen('Roles and permissions', 'Admin'),
    screen('Transaction drafts', 'Finance'),
  ];

  it('lists every screen, in the given order, for an empty or blank query', () => {
    expect(labels(searchScreens(screens, ''))).toEqual(labels(screens));
    expect(labels(searchScreens(screens, '   '))).toEqual(labels(screens));
  });

  it('matches case-insensitively', () => {
    expect(labels(searchScreens(screens, 'WALL'))).toEqual(['Wallets']);
  });

  it('matches without regard to diacritics, both ways', () => {
    const accented = [screen('Café orders'), screen('Products')];
    expect(labels(searchScreens(accented, 'cafe'))).toEqual(['Café orders']);
    expect(labels(searchScreens([screen('Cafe orders')], 'café'))).toEqual(['Cafe orders']);
    expect(labels(searchScreens([screen('Ёмкости', 'Склад')], 'емк'))).toEqual(['Ёмкости']);
  });

  it('matches any word of the label, not only the first', () => {
    expect(labels(searchScreens(screens, 'perm'))).toEqual(['Roles and permissions']);
    expect(labels(searchScreens(screens, 'drafts'))).toEqual(['Transaction drafts']);
  });

  it('matches the group name', () => {
    expect(labels(searchScreens(screens, 'admin'))).toEqual(['Users', 'Roles and permissions']);
  });

  it('needs every word of the query to match somewhere', () => {
    expect(labels(searchScreens(screens, 'finance wal'))).toEqual(['Wallets']);
    expect(searchScreens(screens, 'finance users')).toEqual([]);
  });

  it('finds nothing for a query that matches nothing', () => {
    expect(searchScreens(screens, 'zzz')).toEqual([]);
  });

  it('ranks the start of a word above the middle of one', () => {
    const found = searchScreens([screen('Refunds'), screen('Fund reports')], 'fund');
    expect(labels(found)).toEqual(['Fund reports', 'Refunds']);
  });

  it('ranks the start of a later word above a substring of the first', () => {
    const found = searchScreens([screen('Proxies'), screen('Buy domains or xi-boxes')], 'xi');
    expect(labels(found)).toEqual(['Buy domains or xi-boxes', 'Proxies']);
  });

  it('ranks the label above the group', () => {
    const found = searchScreens([screen('Wallets', 'Shop'), screen('Shop orders', 'Finance')], 'shop');
    expect(labels(found)).toEqual(['Shop orders', 'Wallets']);
  });

  it('ranks a label the whole query starts above one that only contains its words', () => {
    const found = searchScreens([screen('List of users'), screen('User list')], 'user li');
    expect(labels(found)).toEqual(['User list', 'List of users']);
  });

  it('keeps the given order among equal matches', () => {
    const found = searchScreens([screen('Transactions'), screen('Transaction drafts')], 'trans');
    expect(labels(found)).toEqual(['Transactions', 'Transaction drafts']);
  });

  it('matches the aliases (the English label under Russian), below the label', () => {
    const russian = [screen('Кошельки', 'Финансы', ['Wallets', 'Finance']), screen('Wall-чарт', 'Отчёты')];
    expect(labels(searchScreens(russian, 'wallets'))).toEqual(['Кошельки']);
    expect(labels(searchScreens(russian, 'wall'))).toEqual(['Wall-чарт', 'Кошельки']);
  });

  it('scores 0 for a miss and more for a better match', () => {
    expect(scoreScreen(screen('Wallets'), 'orders')).toBe(0);
    expect(scoreScreen(screen('Wallets'), 'wal')).toBeGreaterThan(scoreScreen(screen('Wallets'), 'let'));
  });
});
