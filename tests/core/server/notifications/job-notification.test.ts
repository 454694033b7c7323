import { describe, expect, it } from 'vitest';
import { MessageTranslator } from '@core/server/http/message-translations';
import type { SettledJob } from '@core/server/jobs';
import { jobNotification } from '@core/server/notifications/job-source';

/* What the kernel source core.jobs says about a settled job, without a server. */

const translator = new MessageTranslator([{ 'The provider refused the order.': 'Поставщик отклонил заказ.' }]);
const job = (changes: Partial<SettledJob>): SettledJob => ({
  id: 7,
  kind: 'system.proxy-purchase',
  state: 'succeeded',
  subject: 'system.proxies:12',
  createdBy: 3,
  error: null,
  label: { en: 'Proxy purchase', ru: 'Покупка прокси' },
  link: '/system/proxies/12',
  ...changes,
});

describe('jobNotification', () => {
  it('tells the starter of a labelled job that it finished, linking to its result, once per job', () => {
    expect(jobNotification(job({}), translator)).toEqual({
      source: 'core.jobs',
      to: { users: [3] },
      title: { en: 'Proxy purchase finished', ru: 'Покупка прокси завершена' },
      text: undefined,
      link: '/system/proxies/12',
      severity: 'success',
      dedupeKey: 'core.jobs:7',
    });
  });

  it('says a failure with its error in each language', () => {
    expect(
      jobNotification(job({ state: 'failed', error: 'The provider refused the order.' }), translator),
    ).toMatchObject({
      title: { en: 'Proxy purchase failed', ru: 'Покупка прокси не удалась' },
      text: { en: 'The provider refused the order.', ru: 'Поставщик отклонил заказ.' },
      severity: 'error',
    });
  });

  it('says nothing of a cancelled job, one without a label or without a starter; drops a link that is no app path', () => {
    expect(jobNotification(job({ state: 'cancelled' }), translator)).toBeNull();
    expect(jobNotification(job({ label: null }), translator)).toBeNull();
    expect(jobNotification(job({ createdBy: null }), translator)).toBeNull();
    expect(jobNotification(job({ link: 'https://elsewhere.example.com/' }), translator)?.link).toBeNull();
  });
});
