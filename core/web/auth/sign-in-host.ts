import { createContext, useContext } from 'react';
import type { Translate } from '../i18n/login-strings';
import type { CodeSignIn, LoginCode, TelegramAuthData } from '../services/auth-service';

/** The calls the sign-in screen makes; each stores the session on success and rejects with an HttpError. */
export interface SignInActions {
  signIn(email: string, password: string): Promise<void>;
  signInWithTelegram(data: TelegramAuthData): Promise<void>;
  /** The address of the bot dialog for the Login Widget (GET telegram/link). */
  botLink(): Promise<string>;
  /** A one-time code and the bot link carrying it (POST telegram/login-code); null when the server has no sign-in bot. */
  loginCode(): Promise<LoginCode | null>;
  /** Checks a code the bot may have bound (POST telegram/auth-check); stores the session once it has. */
  signInWithCode(code: string): Promise<CodeSignIn>;
}

/**
 * Where the sign-in screen runs: the app's /login route (kernel and router at hand), or the bare
 * sign-in screen the first download shows, which loads the kernel only when it is used.
 */
export interface SignInHost extends SignInActions {
  /** Once signed in: go where the user was going. */
  proceed(): void;
  /** Drops Telegram's answer from the address: neither a reload nor a shared link may send it again. */
  forgetFragment(): void;
}

/** The sign-in screen's strings: i18next's `t` in the app, a plain lookup on the bare screen. */
export const SignInStringsContext = createContext<Translate>((key) => key);

export function useSignInStrings(): Translate {
  return useContext(SignInStringsContext);
}
