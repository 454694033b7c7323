import { describe, expect, it } from 'vitest';
import { isDecimal, signOfDecimal } from '@plugins/finance/web/decimal';

describe('decimal strings', () => {
  it('are told apart from other values, and read for their sign', () => {
    expect(isDecimal('-12.50')).toBe(true);
    expect(isDecimal('1e3')).toBe(false);
    expect(isDecimal(12.5)).toBe(false);
    expect(signOfDecimal('-0.00')).toBe(0);
    expect(signOfDecimal('-0.01')).toBe(-1);
    expect(signOfDecimal('3')).toBe(1);
  });
});
