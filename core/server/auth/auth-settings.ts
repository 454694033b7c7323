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
  readonly telegram: TelegramSettings;
  readonly mattermost: MattermostSettings;
}

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  telegram: { botToken: undefined, botLink: undefined, maxAgeSeconds: 86_400 },
  mattermost: { url: undefined, clientId: undefined, clientSecret: undefined, redirectUri: undefined },
};
