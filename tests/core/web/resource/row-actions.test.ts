import { describe, expect, it } from 'vitest';
import { actionApplies, permittedActions } from '@core/web/resource/row-actions';
import { wallet, WALLETS } from './fixtures';

describe('row actions', () => {
  it('match "when" on a field value, and on the meta timestamps as set (true) or unset (null, false)', () => {
    expect(actionApplies(undefined, wallet(1))).toBe(true);
    expect(actionApplies({ field: 'status', values: ['active'] }, wallet(1))).toBe(true);
    expect(actionApplies({ field: 'status', values: ['active'] }, wallet(1, { status: 'closed' }))).toBe(false);
    const blocked = wallet(2, { blocked_at: '2026-11-20T10:00:00Z' });
    expect(actionApplies({ field: 'blocked_at', values: [true] }, blocked)).toBe(true);
    expect(actionApplies({ field: 'blocked_at', values: [null] }, blocked)).toBe(false);
    expect(actionApplies({ field: 'blocked_at', values: [null] }, wallet(3))).toBe(true);
    expect(actionApplies({ field: 'blocked_at', values: [false] }, wallet(3))).toBe(true);
  });

  it('are offered by the codes they require, decided once for the screen', () => {
    expect(permittedActions(WALLETS, (requirement) => requirement === 'FW')).toEqual({
      row: WALLETS.rowActions,
      toolbar: [],
    });
    expect(permittedActions(WALLETS, () => true).toolbar.map((action) => action.name)).toEqual(['sync']);
  });
});
