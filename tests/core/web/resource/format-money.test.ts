import { describe, expect, it } from 'vitest';
import { localeFormat } from '@core/shared/format/locale-format';
import { formatMoney } from '@core/web/resource/format-value';

// Money is shown one way everywhere (lists, dialogs, widgets): the currency's sign where Intl
// knows one, and every digit the server sent.
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');
const en = localeFormat('en');

describe('formatMoney', () => {
  it('groups digits and keeps every fraction digit, padding to the currency’s two', () => {
    expect(formatMoney({ amount: '1234567.89', currency: 'USD' }, en)).toBe('$1,234,567.89');
    expect(formatMoney({ amount: '12345678901234567890.12345678', currency: 'USD' }, en)).toBe(
      '$12,345,678,901,234,567,890.12345678',
    );
    expect(formatMoney({ amount: '0.1', currency: 'USD' }, en)).toBe('$0.10');
    expect(formatMoney({ amount: '-0012.50000000', currency: 'EUR' }, en)).toBe('-€12.50');
  });

  it('writes a code Intl has no sign for before the amount, and a code it refuses after it', () => {
    expect(nbsp(formatMoney({ amount: '0.10000001', currency: 'BTC' }, en))).toBe('BTC 0.10000001');
    expect(formatMoney({ amount: '12.3', currency: 'USDT' }, en)).toBe('USDT\u00a012.30');
    expect(formatMoney({ amount: '2211.21567', currency: 'USDT' }, en)).toBe('USDT\u00a02,211.21567');
    expect(formatMoney({ amount: '0', currency: 'USDT' }, en)).toBe('USDT\u00a00.00');
  });

  it('shows an amount Intl cannot read as it came', () => {
    expect(formatMoney({ amount: 'n/a', currency: 'USD' }, en)).toBe('n/a USD');
  });
});

describe('formatMoney in Russian', () => {
  it('writes the amount in the Russian form, the sign after it', () => {
    const ru = localeFormat('ru');
    expect(formatMoney({ amount: '12803.04', currency: 'USD' }, ru)).toBe('12\u00a0803,04\u00a0$');
    expect(formatMoney({ amount: '2211.21567', currency: 'USDT' }, ru, 'currency')).toBe('2\u00a0211,22\u00a0USDT');
  });
});

describe('formatMoney to the currency’s digits (list cells)', () => {
  it('rounds to the currency’s own digits: USD 2, JPY 0, KWD 3', () => {
    expect(formatMoney({ amount: '945.5583505', currency: 'USD' }, en, 'currency')).toBe('$945.56');
    expect(formatMoney({ amount: '1340.33575513', currency: 'USD' }, en, 'currency')).toBe('$1,340.34');
    expect(formatMoney({ amount: '0.1', currency: 'USD' }, en, 'currency')).toBe('$0.10');
    expect(formatMoney({ amount: '1234.6', currency: 'JPY' }, en, 'currency')).toBe('¥1,235');
    expect(nbsp(formatMoney({ amount: '1.23456', currency: 'KWD' }, en, 'currency'))).toBe('KWD 1.235');
  });

  it('gives a code Intl refuses two decimals', () => {
    expect(formatMoney({ amount: '2211.21567', currency: 'USDT' }, en, 'currency')).toBe('USDT\u00a02,211.22');
    expect(formatMoney({ amount: '12', currency: 'USDT' }, en, 'currency')).toBe('USDT\u00a012.00');
  });

  it('still shows an amount Intl cannot read as it came', () => {
    expect(formatMoney({ amount: 'n/a', currency: 'USD' }, en, 'currency')).toBe('n/a USD');
  });
});
