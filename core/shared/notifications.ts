/**
 * Notifications as the kernel's /api/notifications gives them (core/server/notifications keeps
 * them): the bell, the /notifications page and the stream read these shapes.
 */

export type NotificationSeverity = 'info' | 'success' | 'warning' | 'error';

export const NOTIFICATION_SEVERITIES: readonly NotificationSeverity[] = ['info', 'success', 'warning', 'error'];

/** One notification of the caller, worded in the caller's language. */
export interface NotificationItem {
  readonly id: number;
  /** `<plugin>.<name>` or `core.<name>`. */
  readonly source: string;
  /** The source's name in the caller's language (its id when no running part declares it). */
  readonly source_label: string;
  readonly title: string;
  readonly text: string | null;
  /** An app path to open, or null. */
  readonly link: string | null;
  readonly severity: NotificationSeverity;
  readonly read_at: string | null;
  readonly created_at: string;
}

/** `GET /api/notifications/summary`: the bell. */
export interface NotificationSummary {
  readonly unread: number;
  /** The 8 newest, read or not. */
  readonly latest: readonly NotificationItem[];
}

/** One source as the preferences screen shows it. */
export interface NotificationSourcePreference {
  readonly id: string;
  readonly label: string;
  readonly receive: boolean;
  readonly via_bot: boolean;
}

/** `GET|PUT /api/notifications/preferences`. */
export interface NotificationPreferences {
  readonly sources: readonly NotificationSourcePreference[];
  /** A delivery channel (the messenger's bot) runs and can reach the caller (a Telegram id on their profile). */
  readonly bot_available: boolean;
  /** The caller holds the superadmin role: they receive what goes to holders of a code only when opted in. */
  readonly superadmin: boolean;
  readonly superadmin_opt_in: boolean;
}

/** `PUT /api/notifications/preferences`: the sources and the opt-in to change; others stay. */
export interface NotificationPreferencesChange {
  readonly sources?: Readonly<Record<string, { readonly receive: boolean; readonly via_bot: boolean }>>;
  readonly superadmin_opt_in?: boolean;
}

/** The stream's events: `notification` carries a NotificationItem, `unread` this. */
export interface UnreadEvent {
  readonly unread: number;
}

/** `POST /api/notifications/stream-ticket`: a one-time ticket for `GET /api/notifications/stream?ticket=`. */
export interface StreamTicket {
  readonly ticket: string;
  /** Seconds the ticket stays valid. */
  readonly expires_in: number;
}
