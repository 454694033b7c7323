import { describe, expect, it } from 'vitest';
import { addDecimals, formatDecimal, formatMoney, signOfDecimal, subtractDecimals } from '@plugins/finance/web/decimal';

describe('decimal strings', () => {
  it('group digits and keep every fraction digit the server sent', () => {
    expect(formatDecimal('1234567.89')).toBe('1,234,567.89');
    expect(formatDecimal('12345678901234567890.12345678')).toBe('12,345,678,901,234,567,890.12345678');
    expect(formatDecimal('0.1')).toBe('0.10');
    expect(formatDecimal('5')).toBe('5.00');
    expect(formatDecimal('-0012.50000000')).toBe('-12.50');
    expect(formatDecimal('-0.00')).toBe('0.00');
    expect(formatDecimal('999.999', { minimumFractionDigits: 0 })).toBe('999.999');
    expect(formatDecimal('1000', { minimumFractionDigits: 0 })).toBe('1,000');
  });

  it('leave anything that is not a decimal as it came', () => {
    expect(formatDecimal('n/a')).toBe('n/a');
    expect(formatDecimal('1e5')).toBe('1e5');
  });

  it('format money with its currency code', () => {
    expect(formatMoney('0.30000000', 'BTC')).toBe('0.30 BTC');
    expect(formatMoney('0.12345678', 'ETH')).toBe('0.12345678 ETH');
  });

  it('add and subtract exactly, where floating point would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(addDecimals('9007199254740993.00000001', '1')).toBe('9007199254740994.00000001');
    expect(subtractDecimals('100.5', '200.25')).toBe('-99.75');
    expect(subtractDecimals('10', '-2.5')).toBe('12.5');
    expect(addDecimals()).toBe('0');
    expect(signOfDecimal('-0.00')).toBe(0);
    expect(signOfDecimal('-0.01')).toBe(-1);
    expect(signOfDecimal('3')).toBe(1);
  });
});
