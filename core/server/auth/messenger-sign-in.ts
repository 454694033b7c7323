/**
 * What a messenger bot's sign-in handler reports when a user presses Start on a sign-in link
 * (`/start <code>`): the code the login screen asked for is bound to that messenger user, and the
 * waiting screen signs in the staff account whose messenger id matches.
 */
export type SignInCodeBinding =
  /** The code now belongs to an active account; the login screen signs it in. */
  | 'bound'
  /** No live account has this messenger id. */
  | 'no-account'
  /** The account is blocked. */
  | 'blocked'
  | 'expired'
  /** Already bound or already used. */
  | 'used'
  /** Not a code this server gave out. */
  | 'unknown';

/** The kernel's side of sign-in through a messenger bot, as plugins use it (`context.signIn`). */
export interface MessengerSignIn {
  /** Binds a sign-in code to the messenger user who sent it; each code binds once. */
  bindCode(code: string, messengerUserId: number): Promise<SignInCodeBinding>;
  /**
   * Where the login screen sends users: `source()` answers the bot dialog's address
   * (`https://t.me/<bot>`), or null while there is no bot to sign in through. One provider per server.
   */
  provideBotLink(source: () => Promise<string | null>): void;
}
