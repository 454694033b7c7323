import { describe, expect, it } from 'vitest';
import { initialsOf } from '@core/web/shell/layout/UserInitials';

describe('the top bar’s initials', () => {
  it('take the first letters of the first and last words, as Fluent’s Avatar does', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  ada   king lovelace ')).toBe('AL');
    expect(initialsOf('admin')).toBe('A');
    expect(initialsOf('анна петрова')).toBe('АП');
  });

  it('are empty for an empty name', () => {
    expect(initialsOf('')).toBe('');
    expect(initialsOf('   ')).toBe('');
  });
});
