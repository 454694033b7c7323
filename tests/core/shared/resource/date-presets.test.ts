import { describe, expect, it } from 'vitest';
import {
  DATE_PRESETS,
  daysUntil,
  isDatePreset,
  localIsoDate,
  resolveDatePreset,
} from '@core/shared/resource/date-presets';

describe('resolveDatePreset', () => {
  // Wednesday 2026-11-18.
  const WEDNESDAY = '2026-11-18';

  it('gives single days for today, tomorrow and yesterday', () => {
    expect(resolveDatePreset('today', WEDNESDAY)).toEqual({ from: '2026-11-18', to: '2026-11-18' });
    expect(resolveDatePreset('tomorrow', WEDNESDAY)).toEqual({ from: '2026-11-19', to: '2026-11-19' });
    expect(resolveDatePreset('yesterday', WEDNESDAY)).toEqual({ from: '2026-11-17', to: '2026-11-17' });
  });

  it('counts the last N days back from today, today included', () => {
    expect(resolveDatePreset('last_2_days', WEDNESDAY)).toEqual({ from: '2026-11-17', to: '2026-11-18' });
    expect(resolveDatePreset('last_3_days', WEDNESDAY)).toEqual({ from: '2026-11-16', to: '2026-11-18' });
    expect(resolveDatePreset('last_7_days', WEDNESDAY)).toEqual({ from: '2026-11-12', to: '2026-11-18' });
  });

  it('starts weeks on Sunday', () => {
    expect(resolveDatePreset('this_week', WEDNESDAY)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(resolveDatePreset('last_week', WEDNESDAY)).toEqual({ from: '2026-11-08', to: '2026-11-14' });
    // A Sunday opens its own week; a Saturday closes it.
    expect(resolveDatePreset('this_week', '2026-11-15')).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(resolveDatePreset('this_week', '2026-11-21')).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(resolveDatePreset('last_week', '2026-11-15')).toEqual({ from: '2026-11-08', to: '2026-11-14' });
  });

  it('crosses month and year boundaries', () => {
    expect(resolveDatePreset('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(resolveDatePreset('tomorrow', '2026-12-31')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(resolveDatePreset('last_7_days', '2027-01-03')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    // Friday 2027-01-01: its week began on Sunday 2026-12-27.
    expect(resolveDatePreset('this_week', '2027-01-01')).toEqual({ from: '2026-12-27', to: '2027-01-02' });
  });

  it('covers whole calendar months, leap years included', () => {
    expect(resolveDatePreset('this_month', WEDNESDAY)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(resolveDatePreset('last_month', WEDNESDAY)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(resolveDatePreset('this_month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(resolveDatePreset('last_month', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(resolveDatePreset('last_month', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('reads a Date as the local calendar day', () => {
    const lateEvening = new Date(2026, 10, 18, 23, 59);
    expect(localIsoDate(lateEvening)).toBe('2026-11-18');
    expect(resolveDatePreset('today', lateEvening)).toEqual({ from: '2026-11-18', to: '2026-11-18' });
  });

  it('knows its preset names and refuses malformed days', () => {
    expect(DATE_PRESETS).toHaveLength(10);
    expect(isDatePreset('last_7_days')).toBe(true);
    expect(isDatePreset('custom')).toBe(false);
    expect(() => resolveDatePreset('today', '18.11.2026')).toThrow();
  });
});

describe('daysUntil', () => {
  it('counts calendar days, 0 on the day and negative once past, across months and years', () => {
    expect(daysUntil('2026-11-18', '2026-11-18')).toBe(0);
    expect(daysUntil('2026-11-19', '2026-11-18')).toBe(1);
    expect(daysUntil('2026-11-10', '2026-11-18')).toBe(-8);
    expect(daysUntil('2027-01-01', '2026-12-31')).toBe(1);
    expect(daysUntil('2028-03-01', '2028-02-28')).toBe(2);
  });

  it('reads a Date as the local day it falls on, whatever the clock says', () => {
    expect(daysUntil('2026-11-20', new Date(2026, 10, 18, 23, 59))).toBe(2);
    expect(daysUntil('2026-11-20', new Date(2026, 10, 18, 0, 1))).toBe(2);
  });

  it('refuses a string that is not a date', () => {
    expect(() => daysUntil('20.11.2026', '2026-11-18')).toThrow();
  });
});
