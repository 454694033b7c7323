import { describe, expect, it } from 'vitest';
import {
  canDeleteReverse,
  REVERSE_ACTIONS,
  REVERSE_STATES,
  reverseActions,
  reverseTransition,
  type ReverseAction,
  type ReverseState,
} from '@plugins/admin/shared/keitaro';

/** The machine as the spec note in plugins/admin/shared/keitaro.ts states it, written out again. */
const EXPECTED: Readonly<Record<ReverseAction, Readonly<Record<ReverseState, ReverseState | null>>>> = {
  transfer: { free: 'waiting', waiting: null, active: null, on_hold: null },
  wait: { free: null, waiting: null, active: 'waiting', on_hold: 'waiting' },
  activate: { free: null, waiting: 'active', active: null, on_hold: 'active' },
  release: { free: null, waiting: 'free', active: null, on_hold: 'free' },
};

const pairs = REVERSE_ACTIONS.flatMap((action) => REVERSE_STATES.map((state) => [action, state] as const));

describe('the reverse state machine', () => {
  it.each(pairs)('%s from %s', (action, state) => {
    const verdict = reverseTransition(action, state);
    const expected = EXPECTED[action][state];
    if (expected === null) {
      expect(verdict.ok).toBe(false);
      // Every refusal says why in a sentence of its own, never a generic fallback.
      if (!verdict.ok) expect(verdict.message).toMatch(/^[A-Z].{20,}\.$/);
    } else {
      expect(verdict).toEqual({ ok: true, to: expected });
    }
  });

  it('offers each state exactly its allowed actions', () => {
    expect(reverseActions('free')).toEqual(['transfer']);
    expect(reverseActions('waiting')).toEqual(['activate', 'release']);
    expect(reverseActions('active')).toEqual(['wait']);
    expect(reverseActions('on_hold')).toEqual(['wait', 'activate', 'release']);
  });

  it('lets every state but active be deleted', () => {
    expect(REVERSE_STATES.filter(canDeleteReverse)).toEqual(['free', 'waiting', 'on_hold']);
  });

  it('never leads to on hold by an action: only displacement by an activation does', () => {
    for (const [action, state] of pairs) {
      const verdict = reverseTransition(action, state);
      if (verdict.ok) expect(verdict.to).not.toBe('on_hold');
    }
  });
});
