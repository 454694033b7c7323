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
  /**
   * How long an access token is accepted. Its codes and blocked state are checked again only when it
   * is refreshed, so this bounds how long a removed code or a blocked account keeps working.
   */
  readonly accessTokenSeconds: number;
  readonly telegram: TelegramSettings;
  readonly mattermost: MattermostSettings;
}

/** The bounds of auth.accessTokenSeconds: shorter would refresh on nearly every call, longer defeats revocation. */
export const ACCESS_TOKEN_SECONDS_RANGE = { min: 5, max: 86_400 } as const;

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  accessTokenSeconds: ACCESS_TOKEN_SECONDS,
  telegram: { botToken: undefined, botLink: undefined, maxAgeSeconds: 86_400 },
  mattermost: { url: undefined, clientId: undefined, clientSecret: undefined, redirectUri: undefined },
};
