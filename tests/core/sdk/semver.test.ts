import { describe, expect, it } from 'vitest';
import { compareVersions, isValidRange, lowestAdmitted, satisfiesRange } from '@core/sdk/semver';

describe('satisfiesRange', () => {
  it('reads a caret range as npm does: the left-most non-zero part is fixed', () => {
    expect(satisfiesRange('1.0.0', '^1.0.0')).toBe(true);
    expect(satisfiesRange('1.4.2', '^1.2.0')).toBe(true);
    expect(satisfiesRange('1.1.9', '^1.2.0')).toBe(false);
    expect(satisfiesRange('2.0.0', '^1.2.0')).toBe(false);
    expect(satisfiesRange('0.3.9', '^0.3.1')).toBe(true);
    expect(satisfiesRange('0.4.0', '^0.3.1')).toBe(false);
    expect(satisfiesRange('0.0.3', '^0.0.3')).toBe(true);
    expect(satisfiesRange('0.0.4', '^0.0.3')).toBe(false);
  });

  it('reads >=, an exact version, spaces (all hold) and || (one holds)', () => {
    expect(satisfiesRange('3.0.0', '>=1.2.0')).toBe(true);
    expect(satisfiesRange('1.1.0', '>=1.2.0')).toBe(false);
    expect(satisfiesRange('1.2.0', '1.2.0')).toBe(true);
    expect(satisfiesRange('1.2.1', '1.2.0')).toBe(false);
    expect(satisfiesRange('1.5.0', '>=1.2.0 ^1.0.0')).toBe(true);
    expect(satisfiesRange('2.5.0', '>=1.2.0 ^1.0.0')).toBe(false);
    expect(satisfiesRange('2.5.0', '^1.0.0 || ^2.0.0')).toBe(true);
    expect(satisfiesRange('3.0.0', '^1.0.0 || ^2.0.0')).toBe(false);
  });

  it('compares numerically, not as text', () => {
    expect(satisfiesRange('1.10.0', '>=1.9.0')).toBe(true);
    expect(satisfiesRange('1.9.0', '>=1.10.0')).toBe(false);
  });

  it('admits nothing for what it cannot read', () => {
    for (const range of ['', '~1.0.0', '^1.0', '1.x', '^01.0.0', '^1.0.0 ||', '<2.0.0']) {
      expect(isValidRange(range), range).toBe(false);
      expect(satisfiesRange('1.0.0', range), range).toBe(false);
    }
    expect(satisfiesRange('1.0.0-beta', '>=0.0.0')).toBe(false);
    expect(isValidRange(' ^1.0.0 ')).toBe(true);
  });
});

describe('lowestAdmitted', () => {
  it('is the lowest version a range lets in', () => {
    expect(lowestAdmitted('^1.5.0')).toBe('1.5.0');
    expect(lowestAdmitted('>=1.2.0 ^1.4.0')).toBe('1.4.0');
    expect(lowestAdmitted('^2.0.0 || ^1.5.0')).toBe('1.5.0');
    expect(lowestAdmitted('1.3.2')).toBe('1.3.2');
  });

  it('is null for a range that lets nothing in or cannot be read', () => {
    expect(lowestAdmitted('^1.0.0 ^2.0.0')).toBeNull();
    expect(lowestAdmitted('~1.0')).toBeNull();
  });
});

describe('compareVersions', () => {
  it('orders versions by their numbers, not their text', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('1.5.0', '1.5.0')).toBe(0);
    expect(compareVersions('1.5.0', '2.0.0')).toBeLessThan(0);
  });
});
