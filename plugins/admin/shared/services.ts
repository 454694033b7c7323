/**
 * Outside services a user can hold an account in (service links, tracker users), as
 * `GET references/services` lists them. A user's accounts in them are their service links; of
 * a user's links to one service exactly one is the default.
 */

export const USERS_CODE = 'JU';

export type ServiceKind = 'tracker' | 'issueTracker' | 'rdp';

export interface ServiceEntry {
  /** The service's name: what `service_name` and a link's `service` hold. */
  readonly id: string;
  readonly label: string;
  readonly kind: ServiceKind;
}

export const SERVICES: readonly ServiceEntry[] = [
  { id: 'keitaro', label: 'Keitaro', kind: 'tracker' },
  { id: 'youtrack', label: 'YouTrack', kind: 'issueTracker' },
  { id: 'rdp', label: 'RDP', kind: 'rdp' },
];

/** The services a tracker user may name. */
export const TRACKER_SERVICES: readonly string[] = SERVICES.filter((entry) => entry.kind === 'tracker').map(
  (entry) => entry.id,
);
export const ISSUE_TRACKER_SERVICE = 'youtrack';
export const RDP_SERVICE = 'rdp';

/** What a link stands for: a tracker account, the issue-tracker account or an RDP grant. */
export type ServiceLinkSource = 'tracker_user' | 'you_track' | 'rdp';

export interface ServiceLink {
  readonly id: number;
  readonly user_id: number;
  readonly service: string;
  readonly source: ServiceLinkSource;
  /** The tracker user's id, the RDP grant's id, or the user's id for the issue-tracker account. */
  readonly source_id: number;
  /** Tracker or RDP server name, or the issue-tracker login. */
  readonly label: string;
  readonly is_default: boolean;
  readonly created_at: string;
}

export const ONE_DEFAULT_MESSAGE =
  "A user's links to a service always have one default: make another link the default instead.";

/** `POST tracker/users`. */
export interface TrackerUserInput {
  readonly user_id: number;
  readonly service_name: string;
  readonly is_created_group: boolean;
  /** The Keitaro server the account lives on. */
  readonly tracker_id: number;
}

export interface TrackerUser extends TrackerUserInput {
  readonly id: number;
  readonly username: string;
  readonly tracker_name: string;
  /** The account's id on the tracker, when the adapter reports one. */
  readonly external_id: string | null;
  readonly created_at: string;
}
