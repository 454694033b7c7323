import type { Database } from '../database/database';
import { checkedInput } from './input';
import { insertNotifications } from './store';
import type { NotificationInput, NotificationSource } from './types';

/*
 * The spec's sample entries of the bell, as real notifications of the demo's first superadmin:
 * seeded by ERP_DEMO=1 only, under a source declared only then.
 */

export const SAMPLES_SOURCE: NotificationSource = { id: 'core.samples', label: { en: 'Samples', ru: 'Примеры' } };

interface Sample {
  readonly key: string;
  readonly minutesAgo: number;
  readonly input: Omit<NotificationInput, 'source' | 'to' | 'dedupeKey'>;
}

const SAMPLES: readonly Sample[] = [
  {
    key: 'new-user',
    minutesAgo: 5,
    input: {
      title: { en: 'New user registered', ru: 'Новый пользователь' },
      text: {
        en: 'A new staff account is waiting for its roles.',
        ru: 'Новая учётная запись сотрудника ждёт назначения ролей.',
      },
      link: '/users',
    },
  },
  {
    key: 'payment',
    minutesAgo: 60,
    input: {
      title: { en: 'Payment received', ru: 'Поступил платёж' },
      text: { en: 'A wallet received an incoming transfer.', ru: 'На кошелёк пришёл входящий перевод.' },
      severity: 'success',
    },
  },
  {
    key: 'certificate',
    minutesAgo: 24 * 60,
    input: {
      title: { en: 'Certificate expires soon', ru: 'Сертификат скоро истекает' },
      text: { en: 'A site’s TLS certificate expires in 7 days.', ru: 'TLS-сертификат сайта истекает через 7 дней.' },
      severity: 'warning',
    },
  },
  {
    key: 'report',
    minutesAgo: 2 * 24 * 60,
    input: {
      title: { en: 'Weekly report ready', ru: 'Недельный отчёт готов' },
      text: { en: 'Last week’s tracker report can be opened.', ru: 'Отчёт трекера за прошлую неделю можно открыть.' },
    },
  },
];

/** The four samples for `userId`, dated as the spec shows them (5 minutes to 2 days ago); each once, however often the demo seeds. */
export async function seedSampleNotifications(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Oldest first, so the ids run in the order of their times.
    for (const sample of [...SAMPLES].reverse()) {
      const input = checkedInput({
        ...sample.input,
        source: SAMPLES_SOURCE.id,
        to: { users: [userId] },
        dedupeKey: `${SAMPLES_SOURCE.id}:${sample.key}`,
      });
      const inserted = await insertNotifications(tx, input);
      if (inserted[0])
        await tx.query('UPDATE core.notifications SET created_at = now() - make_interval(mins => $2) WHERE id = $1', [
          inserted[0].id,
          sample.minutesAgo,
        ]);
    }
  });
}
