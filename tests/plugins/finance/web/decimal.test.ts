import { describe, expect, it } from 'vitest';
import { addDecimals, signOfDecimal, subtractDecimals } from '@plugins/finance/web/decimal';

describe('decimal strings', () => {
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
