import type { NotificationSeverity } from '@core/shared/notifications';
import type { PermissionRequirement } from '@core/shared/permissions';
import type { Queryable } from '../database/database';

export type { NotificationSeverity } from '@core/shared/notifications';

/** A text in both of the product's languages. */
export interface BilingualText {
  readonly en: string;
  readonly ru: string;
}

/** A kind of notification a user chooses to receive or not: `<plugin>.<name>`. */
export interface NotificationSource {
  readonly id: string;
  /** Its name on the preferences screen and in the list's filter. */
  readonly label: BilingualText;
}

/**
 * Who receives a notification: these users, or every holder of a code (through a role or directly),
 * or of a requirement's codes, as an action requires them (`{ allOf: ['FW', 'FT'] }`: those who may approve).
 */
export type NotificationRecipients = { readonly users: readonly number[] } | { readonly code: PermissionRequirement };

/** What `publish` sends. */
export interface NotificationInput {
  /** A declared source (`context.notifications.source`). */
  readonly source: string;
  readonly to: NotificationRecipients;
  /** Up to 200 characters in each language. */
  readonly title: BilingualText;
  /** Up to 2000 characters in each language. */
  readonly text?: BilingualText;
  /** The app path the notification opens (`/system/proxies/12`). */
  readonly link?: string | null;
  /** `info` by default. */
  readonly severity?: NotificationSeverity;
  /** At most one notification per key and recipient (`system.domain-expiry:12:2026-12-04`); up to 200 characters. */
  readonly dedupeKey?: string;
}

/** A notification as a delivery channel sends it: already in the recipient's language. */
export interface ChannelMessage {
  readonly userId: number;
  readonly source: string;
  readonly title: string;
  readonly text: string | null;
  /** The app path, or null. */
  readonly link: string | null;
  readonly severity: NotificationSeverity;
  readonly language: 'en' | 'ru';
}

/**
 * A way out of the app for notifications a user asked to get there too (`via_bot`): the messenger
 * plugin registers its Telegram bot. `deliver` runs in a durable job (retried while the channel is
 * down), never in the publishing transaction; it throws when it did not deliver.
 */
export interface NotificationChannel {
  /** `<plugin>.<name>`, e.g. `messenger.telegram`. */
  readonly id: string;
  /** Whether the channel can reach this user (a Telegram id on their profile). */
  reaches(userId: number): Promise<boolean>;
  deliver(message: ChannelMessage): Promise<void>;
}

/**
 * Notifications (`context.notifications`): declare your sources in `register`, publish inside the
 * transaction that makes the news (delivered once it commits).
 */
export interface Notifications {
  /** Declares a source `<plugin>.<name>`; users switch each on or off. Twice, or outside the plugin's prefix, stops start-up. */
  source(source: NotificationSource): void;
  /**
   * Writes one notification per recipient through `db` (pass your transaction): the users given,
   * or the holders of a code (superadmins only when they opted in); blocked users and those who
   * switched the source off never. Returns how many received it (a dedupe key already sent to a
   * recipient skips them). Throws TypeError for invalid input.
   */
  publish(db: Queryable, input: NotificationInput): Promise<number>;
  /** Registers a delivery channel (the messenger's bot); one per id. */
  channel(channel: NotificationChannel): void;
}
