import { describe, expect, it } from 'vitest';
import { addMonths, clampDay, isIsoDay, monthWeeks, weekStart, withinBounds } from '@core/web/react/calendar-days';

describe('calendar days', () => {
  it('lays a month out in six weeks from the given first day', () => {
    const sunday = monthWeeks('2026-11', 0);
    expect(sunday).toHaveLength(6);
    expect(sunday[0]?.[0]).toBe('2026-11-01');
    expect(monthWeeks('2026-11', 1)[0]?.[0]).toBe('2026-10-26');
    expect(monthWeeks('2026-11', 1)[5]?.[6]).toBe('2026-12-06');
  });

  it('moves by months inside the month it lands in, and finds the week’s start', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-15', -12)).toBe('2025-03-15');
    expect(weekStart('2026-11-29', 1)).toBe('2026-11-23');
    expect(weekStart('2026-11-29', 0)).toBe('2026-11-29');
  });

  it('checks days and months against bounds', () => {
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(clampDay('2026-12-05', undefined, '2026-11-30')).toBe('2026-11-30');
    expect(withinBounds('2026-11', '2026-11-15')).toBe(true);
    expect(withinBounds('2026-10', '2026-11-15')).toBe(false);
  });
});
