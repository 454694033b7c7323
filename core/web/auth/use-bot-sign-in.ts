import { useCallback, useEffect, useState } from 'react';
import { HttpError } from '../http/http-error';
import type { LoginCode } from '../services/auth-service';
import type { SignInActions, SignInHost } from './sign-in-host';
import { refusalMessage } from './telegram-result';

/** How often the waiting screen asks whether the bot has bound its code. */
export const CODE_POLL_MS = 2_000;

/** Schemes a bot dialog is opened with; anything else (javascript:, data:) is not followed. */
const BOT_LINK = /^(https|tg):/i;

export type BotSignInState =
  | { readonly kind: 'loading' }
  /** A code to take to the bot; `waiting` once the user went there, while this page asks every CODE_POLL_MS. */
  | { readonly kind: 'code'; readonly code: LoginCode; readonly waiting: boolean }
  /** No sign-in bot on the server: the Login Widget's bot link, as before codes existed. */
  | { readonly kind: 'widget'; readonly link: string }
  /** The code can no longer sign in (expired, used, refused): a new one may be asked for. */
  | { readonly kind: 'ended'; readonly message: string }
  /** Neither a code nor a link could be had. */
  | { readonly kind: 'failed'; readonly message: string };

export interface BotSignInMessages {
  readonly blocked: string;
  readonly generic: string;
  readonly expired: string;
}

export interface BotSignIn {
  readonly state: BotSignInState;
  /** Whole seconds until the code lapses; 0 outside the code state. */
  readonly secondsLeft: number;
  /** Opens the bot dialog; called from the click itself, as a window opened later would be blocked. */
  proceed(): void;
  newCode(): void;
}

export type BotSignInHost = Pick<SignInActions, 'botLink' | 'loginCode' | 'signInWithCode'> &
  Pick<SignInHost, 'proceed'>;

function secondsUntil(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

/** Where the bot sign-in starts: a code when the server has a sign-in bot, else the Login Widget's link. */
async function start(host: BotSignInHost, generic: string): Promise<BotSignInState> {
  const code = await host.loginCode();
  if (code)
    return BOT_LINK.test(code.link) ? { kind: 'code', code, waiting: false } : { kind: 'failed', message: generic };
  const link = await host.botLink();
  return BOT_LINK.test(link) ? { kind: 'widget', link } : { kind: 'failed', message: generic };
}

/**
 * Sign-in through the bot with a one-time code: asks for a code when mounted (and on `newCode`),
 * then, once the user has gone to the bot, asks the server every CODE_POLL_MS whether the bot has
 * bound it, and signs in when it has. Nothing is asked once unmounted.
 */
export function useBotSignIn(host: BotSignInHost, messages: BotSignInMessages): BotSignIn {
  const [state, setState] = useState<BotSignInState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const { blocked, generic, expired } = messages;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger: `newCode` bumps it to ask again.
  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    start(host, generic).then(
      (started) => {
        if (current) setState(started);
      },
      (error: unknown) => {
        if (current) setState({ kind: 'failed', message: refusalMessage(error, { blocked, generic }) });
      },
    );
    return () => {
      current = false;
    };
  }, [host, attempt, blocked, generic]);

  const code = state.kind === 'code' ? state.code : null;
  const waiting = state.kind === 'code' && state.waiting;

  // The time left, and the end of a code this page knows has lapsed even when nobody is asking the server.
  useEffect(() => {
    if (code === null) return;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (secondsUntil(code.expiresAt, at) === 0) setState({ kind: 'ended', message: expired });
    };
    tick();
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
  }, [code, expired]);

  useEffect(() => {
    if (code === null || !waiting) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await host.signInWithCode(code.code);
        if (stopped) return;
        if (answer.status === 'signed-in') {
          host.proceed();
          return;
        }
      } catch (error) {
        if (stopped) return;
        // A refusal is final; a failed request (offline, a busy server) is asked again.
        if (error instanceof HttpError && error.status === 422) {
          setState({ kind: 'ended', message: refusalMessage(error, { blocked, generic }) });
          return;
        }
      }
      timer = setTimeout(() => void ask(), CODE_POLL_MS);
    };
    timer = setTimeout(() => void ask(), CODE_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [host, code, waiting, blocked, generic]);

  const proceed = useCallback(() => {
    const link = state.kind === 'code' ? state.code.link : state.kind === 'widget' ? state.link : null;
    if (link === null) return;
    // The bot needs nothing from this page, so the dialog gets no handle on it.
    window.open(link, '_blank', 'noopener,noreferrer');
    if (state.kind === 'code' && !state.waiting) setState({ ...state, waiting: true });
  }, [state]);

  const newCode = useCallback(() => setAttempt((count) => count + 1), []);

  return { state, secondsLeft: code === null ? 0 : secondsUntil(code.expiresAt, now), proceed, newCode };
}
