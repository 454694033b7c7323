import { expect, it } from 'vitest';
import { formatMessage, localeFormat } from '@core/sdk/shared';
import { placeholderKinds, renderMessage } from '@core/shared/format-message';

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

it('writes a typed value in its canonical form, and shows it in the reader’s form when rendered', () => {
  const template = 'Paid {total:money} on {day:date} for {month:month}: {share:percent} of {count:number} leads.';
  const values = { total: '12803.04 USD', day: '2026-11-29', month: '2026-11', share: '1769.66', count: 1234 };
  expect(formatMessage(template, values)).toBe('Paid 12803.04 USD on 2026-11-29 for 2026-11: 1769.66 of 1234 leads.');
  expect(renderMessage(template, values, localeFormat('en'))).toBe(
    'Paid $12,803.04 on 11/29/26 for November 2026: 1,769.66% of 1,234 leads.',
  );
  expect(renderMessage(template, values, localeFormat('ru'))).toBe(
    'Paid 12\u00a0803,04\u00a0$ on 29.11.2026 for ноябрь 2026 г.: 1\u00a0769,66\u00a0% of 1\u00a0234 leads.',
  );
  // A translation may write a plain {day}: the key's kinds apply.
  expect(
    renderMessage('До {day}.', { day: '2026-11-29' }, localeFormat('ru'), placeholderKinds('Until {day:date}.')),
  ).toBe('До 29.11.2026.');
});
