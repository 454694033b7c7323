import { expect, it } from 'vitest';
import { formatMessage } from '@core/sdk/shared';

it('fills each placeholder with its value, numbers written as text', () => {
  expect(formatMessage('Not enough stock: {available} of {needed} available.', { available: 2, needed: '5' })).toBe(
    'Not enough stock: 2 of 5 available.',
  );
});

it('leaves a placeholder without a value as written, and the same value fills each place it stands', () => {
  expect(formatMessage('{a} and {b} and {a}', { a: 'x' })).toBe('x and {b} and x');
  expect(formatMessage('{toString} stays', {})).toBe('{toString} stays');
  expect(formatMessage('no places')).toBe('no places');
});
