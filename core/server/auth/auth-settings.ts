import { ACCESS_TOKEN_SECONDS } from './access-token';

/** Sign-in through the messenger bot (Telegram Login Widget). */
export interface TelegramSettings {
  /** The bot's token; secret. Without it, messenger sign-in answers 503. */
  readonly botToken: string | undefined;
  /** The bot dialog the user opens (GET telegram/link), e.g. https://t.me/<bot>. */
  readonly botLink: string | undefined;
  /** A widget payload older than this is refused. */
  readonly maxAgeSeconds: number;
}

/** Linking a chat-platform account (OAuth 2 authorization code against Mattermost). */
export interface MattermostSettings {
  readonly url: string | undefined;
  readonly clientId: string | undefined;
  /** Secret. */
  readonly clientSecret: string | undefined;
  /** Where Mattermost sends the user back: this server's GET /api/auth/mattermost/callback. */
  readonly redirectUri: string | undefined;
}

export interface AuthSettings {
  /** How long an access token is accepted; its codes are read again when it is refreshed. */
  readonly accessTokenSeconds: number;
  /**
   * How long a just-rotated refresh token is still answered with its successor: two tabs (or a
   * retried request) refreshing with one cookie are not taken for a stolen copy. 0 turns it off.
   */
  readonly refreshGraceSeconds: number;
  /**
   * How often each server copy reads blocked, deleted and re-permissioned users, so their access
   * tokens are refused within this many seconds instead of when they expire.
   */
  readonly revocationPollSeconds: number;
  readonly telegram: TelegramSettings;
  readonly mattermost: MattermostSettings;
}

/** The bounds of auth.accessTokenSeconds: shorter would refresh on nearly every call, longer defeats revocation. */
export const ACCESS_TOKEN_SECONDS_RANGE = { min: 5, max: 86_400 } as const;

/** The bounds of auth.refreshGraceSeconds: longer would let a stolen cookie ride along with its owner's. */
export const REFRESH_GRACE_SECONDS_RANGE = { min: 0, max: 60 } as const;

/** The bounds of auth.revocationPollSeconds: a poll per second at most, a minute of lag at worst. */
export const REVOCATION_POLL_SECONDS_RANGE = { min: 1, max: 60 } as const;

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  accessTokenSeconds: ACCESS_TOKEN_SECONDS,
  refreshGraceSeconds: 10,
  revocationPollSeconds: 2,
  telegram: { botToken: undefined, botLink: undefined, maxAgeSeconds: 86_400 },
  mattermost: { url: undefined, clientId: undefined, clientSecret: undefined, redirectUri: undefined },
};
