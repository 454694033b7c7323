import type { Language } from '@core/shared/runtime-config';
import type { Database } from '../database/database';
import { asKernel } from '../database/plugin-handle';
import { PermanentJobError, type JobKind, type Jobs } from '../jobs';
import { SAMPLES_SOURCE } from './demo-samples';
import { announceNew, NOTIFICATIONS_CHANNEL, parseAnnouncement } from './fan-out';
import { checkedInput, checkedSource } from './input';
import { findNotification, insertNotifications, languageOf } from './store';
import { DEFAULT_MAX_STREAMS, NotificationStreams, type StreamOptions } from './streams';
import type { NotificationChannel, Notifications, NotificationSource } from './types';

/** The kernel's own source: a job with a label that finished, told to whoever started it. */
export const JOBS_SOURCE: NotificationSource = {
  id: 'core.jobs',
  label: { en: 'Background jobs', ru: 'Фоновые задачи' },
};

/** The durable job that sends one notification through the delivery channels (the messenger's bot). */
export const CHANNEL_DELIVERY_KIND = 'core.notification-delivery';

interface DeliveryPayload {
  readonly notification: number;
}

export interface NotificationSystemOptions {
  /** Streams this server holds at most (config `notifications.maxStreams`). */
  readonly maxStreams?: number;
  readonly heartbeatMs?: number;
  /** Declare the source of the demo's sample notifications (ERP_DEMO=1). */
  readonly samples?: boolean;
  readonly log: StreamOptions['log'];
}

/** A server's notifications: the sources and channels declared, the streams it holds, and `context.notifications` per plugin. */
export interface NotificationSystem {
  readonly streams: NotificationStreams;
  /** The declared sources, in declaration order. */
  sources(): readonly NotificationSource[];
  /** A source's name in `language`; its id when no running part declares it. */
  label(source: string, language: Language): string;
  /** Whether a channel is registered and reaches the user. */
  channelReaches(userId: number): Promise<boolean>;
  /** The kernel's service (declares `core.` sources). */
  readonly notifications: Notifications;
  /** `context.notifications` of plugin `id`: it declares only sources `<id>.<name>`. */
  forPlugin(id: string): Notifications;
  /** Listens on the database for announcements from every copy; the returned function stops it. */
  listen(db: Database): Promise<() => Promise<void>>;
}

/** One per server; `jobs` is the kernel's job service (the channel delivery kind is defined on it, with the first channel). */
export function createNotificationSystem(
  db: Database,
  jobs: Jobs,
  options: NotificationSystemOptions,
): NotificationSystem {
  const sources = new Map<string, NotificationSource>([[JOBS_SOURCE.id, JOBS_SOURCE]]);
  if (options.samples === true) sources.set(SAMPLES_SOURCE.id, SAMPLES_SOURCE);
  const channels = new Map<string, NotificationChannel>();
  const label = (source: string, language: Language): string => sources.get(source)?.label[language] ?? source;
  const streams = new NotificationStreams(db, label, {
    maxStreams: options.maxStreams ?? DEFAULT_MAX_STREAMS,
    heartbeatMs: options.heartbeatMs,
    log: options.log,
  });

  // Defined with the first channel: a server without one has no such job to run or show.
  let delivery: JobKind<DeliveryPayload> | null = null;
  const defineDelivery = (): JobKind<DeliveryPayload> =>
    jobs.define<DeliveryPayload>({
      kind: CHANNEL_DELIVERY_KIND,
      requires: 'JS',
      // Its name on the Jobs screen; nobody starts it, so it notifies nobody when it ends. No subject:
      // retention keeps each subject's latest job, which would keep every delivery.
      label: { en: 'Notification through the bot', ru: 'Уведомление через бота' },
      maxAttempts: 5,
      backoff: { initialMs: 5_000, factor: 3, maxMs: 10 * 60_000 },
      async run(_job, { payload }) {
        const row = await findNotification(db, payload.notification);
        if (!row) return { delivered: [] };
        const userId = Number(row.user_id);
        const reaching: NotificationChannel[] = [];
        for (const channel of channels.values()) if (await channel.reaches(userId)) reaching.push(channel);
        // Nothing claims a delivery that did not happen: no channel reaching the user fails the job.
        if (reaching.length === 0) throw new PermanentJobError('No delivery channel reaches the user.');
        const language = await languageOf(db, userId);
        for (const channel of reaching) {
          await channel.deliver({
            userId,
            source: row.source,
            title: language === 'ru' ? row.title_ru : row.title_en,
            text: language === 'ru' ? row.text_ru : row.text_en,
            link: row.link,
            severity: row.severity,
            language,
          });
        }
        return { delivered: reaching.map((channel) => channel.id) };
      },
    });

  const service = (plugin?: string): Notifications => ({
    source(source) {
      const checked = checkedSource(source, plugin);
      if (sources.has(checked.id)) throw new Error(`Notification source "${checked.id}" is declared twice.`);
      sources.set(checked.id, checked);
    },
    async publish(target, input) {
      const checked = checkedInput(input);
      if (!sources.has(checked.source))
        throw new TypeError(`Notification source "${checked.source}" is not declared (context.notifications.source).`);
      const tx = asKernel(target);
      const inserted = await insertNotifications(tx, checked);
      if (inserted.length === 0) return 0;
      if (delivery !== null) {
        for (const row of inserted) if (row.viaBot) await delivery.enqueue(tx, { notification: row.id });
      }
      await announceNew(
        tx,
        inserted.map((row) => row.id),
      );
      return inserted.length;
    },
    channel(channel) {
      if (plugin !== undefined && !channel.id.startsWith(`${plugin}.`))
        throw new Error(
          `Plugin "${plugin}" may register only notification channels "${plugin}.<name>", not "${channel.id}".`,
        );
      if (channels.has(channel.id)) throw new Error(`Notification channel "${channel.id}" is registered twice.`);
      channels.set(channel.id, channel);
      delivery ??= defineDelivery();
    },
  });

  return {
    streams,
    sources: () => [...sources.values()],
    label,
    async channelReaches(userId) {
      for (const channel of channels.values()) if (await channel.reaches(userId)) return true;
      return false;
    },
    notifications: service(),
    forPlugin: (id) => service(id),
    async listen(database) {
      if (!database.listen) return async () => undefined;
      return database.listen(NOTIFICATIONS_CHANNEL, (payload) => {
        const announcement = parseAnnouncement(payload);
        if (announcement) void streams.deliver(announcement);
      });
    },
  };
}
