import { describe, expect, it } from 'vitest';
import { CORE_MESSAGES_RU } from '@core/server/http/core-messages-ru';
import { MessageTranslator } from '@core/server/http/message-translations';
import { JOB_MESSAGES_RU } from '@core/server/jobs';
import { ADMIN_MESSAGES_RU } from '@plugins/admin/server/messages-ru';
import { REVERSE_REFUSALS } from '@plugins/admin/shared/keitaro';
import { FINANCE_MESSAGES_RU } from '@plugins/finance/server/messages-ru';
import { SYNC_MESSAGES_RU } from '@plugins/social/server/sync/messages-ru';
import { DOMAIN_PURCHASE_MESSAGES_RU } from '@plugins/system/server/domains';
import { PROXY_MESSAGES_RU } from '@plugins/system/server/proxies';

const translator = new MessageTranslator([
  { 'The name has already been taken.': 'Такое название уже занято.' },
  { 'Table {id} appears twice.': 'Таблица {id} указана дважды.', 'Between {from} and {to}.': 'Между {from} и {to}.' },
]);

describe('MessageTranslator', () => {
  it('translates a known message for a Russian caller and leaves it for anyone else', () => {
    expect(translator.translate('The name has already been taken.', 'ru')).toBe('Такое название уже занято.');
    expect(translator.translate('The name has already been taken.', 'en')).toBe('The name has already been taken.');
  });

  it('carries the values of a message with placeholders into its translation', () => {
    expect(translator.translate('Table 12 appears twice.', 'ru')).toBe('Таблица 12 указана дважды.');
    expect(translator.translate('Between 2026-01-01 and 2026-02-01.', 'ru')).toBe('Между 2026-01-01 и 2026-02-01.');
  });

  it('shows a typed value (a day, an amount) in the reader’s forms, in English too', () => {
    const typed = new MessageTranslator([
      {
        'The wallet holds {balance:money}, less than {amount:money}, on {day:date}.':
          'В кошельке {balance}, меньше чем {amount}, на {day}.',
      },
    ]);
    const refusal = 'The wallet holds 12803.04 USD, less than 15000 USDT, on 2026-11-29.';
    expect(typed.translate(refusal, 'ru')).toBe(
      'В кошельке 12\u00a0803,04\u00a0$, меньше чем 15\u00a0000,00\u00a0USDT, на 29.11.2026.',
    );
    expect(typed.translate(refusal, 'en')).toBe(
      'The wallet holds $12,803.04, less than USDT\u00a015,000.00, on 11/29/26.',
    );
    // A value not in its kind's canonical form is shown as it came.
    expect(typed.translate('The wallet holds a lot, less than 1 USD, on today.', 'en')).toBe(
      'The wallet holds a lot, less than $1.00, on today.',
    );
  });

  it('words a message given as its key and values', () => {
    const typed = new MessageTranslator([{ 'Registered until {until:date}.': 'Зарегистрирован до {until}.' }]);
    expect(typed.render('Registered until {until:date}.', { until: '2026-11-29' }, 'ru')).toBe(
      'Зарегистрирован до 29.11.2026.',
    );
    expect(typed.render('Registered until {until:date}.', { until: '2026-11-29' }, 'en')).toBe(
      'Registered until 11/29/26.',
    );
    expect(
      typed.render('Not in the catalogue: {at:dateTime}.', { at: '2026-11-29T15:44:00Z' }, 'ru', { timeZone: 'UTC' }),
    ).toBe('Not in the catalogue: 29.11.2026, 15:44.');
  });

  it('leaves an unknown message as it came; regular-expression characters in messages are text', () => {
    expect(translator.translate('Something else.', 'ru')).toBe('Something else.');
    expect(translator.translate('Table 12 appears twice!', 'ru')).toBe('Table 12 appears twice!');
  });

  it('says every Keitaro refusal in Russian', () => {
    const admin = new MessageTranslator([ADMIN_MESSAGES_RU]);
    for (const refusals of Object.values(REVERSE_REFUSALS)) {
      for (const message of Object.values(refusals)) expect(admin.translate(message, 'ru'), message).not.toBe(message);
    }
  });

  it('has placeholders that match between each English message and its translation', () => {
    for (const catalogue of [
      CORE_MESSAGES_RU,
      ADMIN_MESSAGES_RU,
      FINANCE_MESSAGES_RU,
      JOB_MESSAGES_RU,
      SYNC_MESSAGES_RU,
      DOMAIN_PURCHASE_MESSAGES_RU,
      PROXY_MESSAGES_RU,
    ]) {
      for (const [english, russian] of Object.entries(catalogue)) {
        const names = (text: string) => [...text.matchAll(/\{(\w+)(?::\w+)?\}/g)].map((match) => match[1]).sort();
        expect(names(russian), english).toEqual(names(english));
        expect(russian.trim(), english).not.toBe('');
      }
    }
  });
});
