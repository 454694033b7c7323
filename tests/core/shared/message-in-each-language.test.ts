import { describe, expect, it } from 'vitest';
import { messageInEachLanguage } from '@core/sdk/shared';

describe('messageInEachLanguage', () => {
  it('words a message in both languages, each typed value in that language’s forms as the English types it', () => {
    const message = messageInEachLanguage(
      {
        en: '{name} expires on {day:date}: {total:money} for {month:month}',
        ru: '{name} истекает {day}: {total} за {month}',
      },
      { name: 'example.com', day: '2026-12-04', total: '1200.5 USD', month: '2026-11' },
    );
    expect(message).toEqual({
      en: 'example.com expires on 12/04/26: $1,200.50 for November 2026',
      // Russian groups digits and parts a currency sign with no-break spaces.
      ru: 'example.com истекает 04.12.2026: 1\u00a0200,50\u00a0$ за ноябрь 2026 г.',
    });
  });
});
