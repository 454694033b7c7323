import { inject, injectable, preDestroy } from 'inversify';
import { action, makeObservable, observable, observableRef, reaction, runInAction, type IReactionDisposer } from 'mobx';
import type { RuntimeConfig } from '@core/shared/runtime-config';
import { defaultServiceBaseUrl } from '@core/shared/services';
import { HttpClients } from '../http/http-clients';
import type { StoreContribution } from '../kernel/contributions';
import { RuntimeConfigToken } from '../kernel/environment';
import { I18nService } from '../services/i18n-service';
import { NOTIFICATIONS_SERVICE, NotificationsApi } from './notifications-api';
import { NotificationStream } from './notification-stream';
import type { NotificationItem } from '@core/shared/notifications';

/** How many the bell shows; the summary answers as many. */
export const LATEST_COUNT = 8;

/** A tab hidden this long lets its stream go; it reads afresh and reconnects when shown again. */
export const HIDDEN_CLOSE_MS = 5 * 60_000;

export type SummaryStatus = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * The signed-in user's notifications as the bell shows them: the unread count, which the event
 * stream sends when it opens and after every change, and the newest few, read when first asked
 * for (the bell opened) and kept current by the stream after that. So a page load costs the bell
 * one ticket request and nothing else. Reset on sign-out like every store of the user's data,
 * which also closes the stream.
 */
@injectable()
export class NotificationsStore implements StoreContribution {
  unread = 0;
  latest: readonly NotificationItem[] = [];
  /** Where the newest few stand: 'idle' until first read. */
  status: SummaryStatus = 'idle';
  /** Counts the notifications that arrived live, so a page listing them knows to read again. */
  arrivals = 0;

  readonly api: NotificationsApi;
  private readonly stream: NotificationStream;
  private connections = 0;
  private summaryRound = 0;
  private hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  private asleep = false;
  private stopLanguage: IReactionDisposer | null = null;

  constructor(
    @inject(HttpClients) clients: Pick<HttpClients, 'get'>,
    @inject(RuntimeConfigToken) config: RuntimeConfig,
    @inject(I18nService) private readonly i18n: Pick<I18nService, 'language'>,
  ) {
    this.api = new NotificationsApi(clients);
    const base = config.services[NOTIFICATIONS_SERVICE] ?? defaultServiceBaseUrl(NOTIFICATIONS_SERVICE);
    this.stream = new NotificationStream(
      () => this.api.streamTicket(),
      (ticket) => `${base}stream?ticket=${encodeURIComponent(ticket)}`,
      {
        onNotification: (item) => this.arrived(item),
        onUnread: (unread) => this.setUnread(unread),
        onReopen: () => this.readAgain(),
      },
    );
    makeObservable<NotificationsStore, 'arrived' | 'setUnread' | 'settle' | 'markedLocally'>(this, {
      unread: observable,
      latest: observableRef,
      status: observable,
      arrivals: observable,
      arrived: action,
      setUnread: action,
      settle: action,
      markedLocally: action,
      reset: action,
    });
  }

  /**
   * Follows the stream until the returned function is called (each caller its own; the stream
   * closes with the last). Texts come in the reader's language, so a language switch reconnects
   * (the ticket request carries the language) and reads the newest again if they were read.
   */
  connect(): () => void {
    this.connections += 1;
    if (this.connections === 1) this.begin();
    let connected = true;
    return () => {
      if (!connected) return;
      connected = false;
      this.connections -= 1;
      if (this.connections === 0) this.end();
    };
  }

  /** Reads the unread count and the newest few again. */
  async refresh(): Promise<void> {
    const round = ++this.summaryRound;
    if (this.status !== 'ready') runInAction(() => (this.status = 'loading'));
    try {
      const summary = await this.api.summary();
      if (round === this.summaryRound) this.settle(summary.unread, summary.latest);
    } catch {
      if (round === this.summaryRound) runInAction(() => (this.status = this.status === 'ready' ? 'ready' : 'failed'));
    }
  }

  async markRead(id: number): Promise<void> {
    const item = this.latest.find((candidate) => candidate.id === id);
    if (item && item.read_at !== null) return;
    this.markedLocally((candidate) => candidate.id === id, item ? 1 : 0);
    try {
      this.setUnread((await this.api.markRead(id)).unread);
    } catch {
      await this.refresh();
    }
  }

  async markAllRead(): Promise<void> {
    this.markedLocally(() => true, this.unread);
    try {
      this.setUnread((await this.api.markAllRead()).unread);
    } catch {
      await this.refresh();
    }
  }

  reset(): void {
    this.dispose();
    this.summaryRound += 1;
    this.unread = 0;
    this.latest = [];
    this.status = 'idle';
    this.arrivals = 0;
  }

  /** A kernel taken down (the app's end, a test's) closes the stream and stops listening to the page. */
  @preDestroy()
  dispose(): void {
    this.connections = 0;
    this.end();
  }

  private begin(): void {
    this.stream.start();
    this.stopLanguage = reaction(
      () => this.i18n.language,
      () => {
        this.stream.stop();
        this.readAgain();
        this.stream.start();
      },
    );
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.onVisibility);
  }

  private end(): void {
    this.stream.stop();
    this.stopLanguage?.();
    this.stopLanguage = null;
    clearTimeout(this.hiddenTimer);
    this.asleep = false;
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.onVisibility);
  }

  private readonly onVisibility = (): void => {
    clearTimeout(this.hiddenTimer);
    if (document.visibilityState === 'hidden') {
      this.hiddenTimer = setTimeout(() => {
        this.asleep = true;
        this.stream.stop();
      }, HIDDEN_CLOSE_MS);
    } else if (this.asleep) {
      this.asleep = false;
      this.readAgain();
      this.stream.start();
    }
  };

  /** After a break or in a new language: the newest few, if they were read, may be out of date. */
  private readAgain(): void {
    if (this.status !== 'idle') void this.refresh();
  }

  private arrived(item: NotificationItem): void {
    if (this.latest.some((known) => known.id === item.id)) return;
    this.latest = [item, ...this.latest].slice(0, LATEST_COUNT);
    if (item.read_at === null) this.unread += 1;
    this.arrivals += 1;
  }

  private setUnread(unread: number): void {
    this.unread = Math.max(0, unread);
  }

  private settle(unread: number, latest: readonly NotificationItem[]): void {
    this.unread = unread;
    this.latest = latest.slice(0, LATEST_COUNT);
    this.status = 'ready';
  }

  /** Shows the change before the server confirms it; `count` is how many unread it takes away. */
  private markedLocally(which: (item: NotificationItem) => boolean, count: number): void {
    const now = new Date().toISOString();
    this.latest = this.latest.map((item) => (item.read_at === null && which(item) ? { ...item, read_at: now } : item));
    this.unread = Math.max(0, this.unread - count);
  }
}
