import { describe, expect, it } from 'vitest';
import { addDecimals, divideDecimals, multiplyDecimals, roundDecimal, subtractDecimals } from '@core/sdk/shared';

/** Exact decimal arithmetic: sums and products keep every digit, quotients round half-up once. */
describe('decimal arithmetic', () => {
  it('adds, subtracts and multiplies exactly, where floating point would not', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(subtractDecimals('100.5', '200.25')).toBe('-99.75');
    expect(subtractDecimals('10', '-2.5')).toBe('12.5');
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimals('5', '0')).toBe('5');
    expect(addDecimals('10.005', '-0.005')).toBe('10');
    expect(addDecimals('-1.5', '0.25')).toBe('-1.25');
    expect(multiplyDecimals('1.1', '1.1')).toBe('1.21');
    expect(multiplyDecimals('123.45', '1.08345')).toBe('133.7519025');
    expect(multiplyDecimals('-2.5', '0.4')).toBe('-1');
    expect(multiplyDecimals('99999999999.999', '100000000')).toBe('9999999999999900000');
  });

  it('divides to the places asked, rounding half-up (half away from zero)', () => {
    expect(divideDecimals('10', '3', 2)).toBe('3.33');
    expect(divideDecimals('20', '3', 2)).toBe('6.67');
    expect(divideDecimals('1', '8', 2)).toBe('0.13');
    expect(divideDecimals('1', '8', 3)).toBe('0.125');
    expect(divideDecimals('-1', '8', 2)).toBe('-0.13');
    expect(divideDecimals('0.005', '1', 2)).toBe('0.01');
    expect(divideDecimals('0.004999', '1', 2)).toBe('0.00');
    expect(divideDecimals('1234.5', '0.5', 0)).toBe('2469');
    expect(divideDecimals('5', '2', 0)).toBe('3');
    expect(divideDecimals('12', '4', 2)).toBe('3.00');
  });

  it('answers null for a zero divisor and refuses what is not a decimal', () => {
    expect(divideDecimals('5', '0', 2)).toBeNull();
    expect(divideDecimals('5', '0.000', 2)).toBeNull();
    expect(() => multiplyDecimals('1e3', '2')).toThrow('Not a decimal number: 1e3');
    expect(() => divideDecimals('1', '2', -1)).toThrow(RangeError);
  });

  it('rounds to a number of places', () => {
    expect(roundDecimal('2.345', 2)).toBe('2.35');
    expect(roundDecimal('2.344999', 2)).toBe('2.34');
    expect(roundDecimal('7', 2)).toBe('7.00');
  });
});
