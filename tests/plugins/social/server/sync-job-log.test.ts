import { describe, expect, it } from 'vitest';
import { MessageTranslator } from '@core/sdk/testing';
import { levelCounts, partCounts, SKIPPED_OBJECTIVE } from '@plugins/social/server/sync/job-log';
import { SYNC_MESSAGES_RU } from '@plugins/social/server/sync/messages-ru';
import { Tally } from '@plugins/social/server/sync/upsert';

const translator = new MessageTranslator([SYNC_MESSAGES_RU]);

describe('the syncs’ job log lines', () => {
  it('count in the reader’s digits, in English and in Russian', () => {
    const tally = Object.assign(new Tally(), { created: 1234, updated: 2, unchanged: 0, skipped: 1 });
    const line = partCounts('campaigns', tally);
    expect(translator.render(line.key, line.params ?? {}, 'en')).toBe(
      'Campaigns: 1,234 new, 2 updated, 0 unchanged, 1 skipped.',
    );
    expect(translator.render(line.key, line.params ?? {}, 'ru')).toBe(
      'Кампании: новых 1\u00a0234, обновлено 2, без изменений 0, пропущено 1.',
    );
    const insights = levelCounts('adset', tally);
    expect(translator.render(insights.key, insights.params ?? {}, 'ru')).toMatch(
      /^Статистика по группам объявлений: новых 1\u00a0234/,
    );
  });

  it('say in Russian why an object was skipped', () => {
    expect(translator.render(SKIPPED_OBJECTIVE, { id: '5003', name: 'Odd one', value: 'SOMETHING_NEW' }, 'ru')).toBe(
      'Пропущено 5003 «Odd one»: цель SOMETHING_NEW плагину неизвестна.',
    );
  });
});
