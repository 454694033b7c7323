import { action, makeObservable, observableRef } from 'mobx';
import type { DataEnvelope } from '@core/shared/envelopes';
import type { HttpClient } from '../../http/http-client';
import { HttpError, NO_RESPONSE_STATUS } from '../../http/http-error';

/** How often the page asks whether the user has authorized in the chat-platform window. */
export const CHAT_LINK_POLL_MS = 2_000;
/** The server forgets a link request after 10 minutes, so waiting longer could not succeed. */
export const CHAT_LINK_LIMIT_MS = 10 * 60 * 1_000;

export type ChatLinkState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'starting' }
  /** `redirect` is offered as a link too when the browser refused to open the window. */
  | { readonly kind: 'waiting'; readonly redirect: string; readonly windowOpened: boolean }
  | { readonly kind: 'linked'; readonly username: string }
  | { readonly kind: 'notFinished' }
  | { readonly kind: 'failed'; readonly message: string };

interface Started {
  readonly redirect: string;
  readonly hash: string;
}

interface Checked {
  readonly linked: boolean;
  readonly mattermost_username: string;
}

/** The part of a window the flow uses: it navigates the one it opened and watches it close. */
export interface LinkWindow {
  readonly closed: boolean;
  opener: unknown;
  location: { href: string };
  close(): void;
}

/** Opens an empty window; null when the browser blocks it. */
export type WindowOpener = () => LinkWindow | null;

const openBlankWindow: WindowOpener = () => window.open('', '_blank');

/**
 * Linking the chat-platform account: ask the server for an authorization, open it in a
 * new window, then confirm with the hash — every 2 s while the server answers 409 (not finished),
 * until it succeeds, fails, 10 minutes pass, or the window is closed and one last check is still 409.
 */
export class ChatLinkFlow {
  state: ChatLinkState = { kind: 'idle' };
  private timer: ReturnType<typeof setTimeout> | null = null;
  private window: LinkWindow | null = null;
  private hash: string | null = null;
  private deadline = 0;
  /** Bumped on every start and stop, so an answer to an abandoned attempt changes nothing. */
  private attempt = 0;

  constructor(
    private readonly auth: Pick<HttpClient, 'get' | 'post'>,
    private readonly onLinked: (username: string) => void,
    private readonly genericMessage: string,
    private readonly openWindow: WindowOpener = openBlankWindow,
  ) {
    makeObservable<ChatLinkFlow, 'set'>(this, { state: observableRef, set: action });
  }

  get busy(): boolean {
    return this.state.kind === 'starting' || this.state.kind === 'waiting';
  }

  async start(): Promise<void> {
    const attempt = this.reset();
    // Opened before anything is awaited: browsers let a click open a window, not a callback that runs later.
    const opened = this.openWindow();
    this.set({ kind: 'starting' });
    let started: Started;
    try {
      started = (await this.auth.get<DataEnvelope<Started>>('mattermost/auth', { silent: true })).data;
    } catch (error) {
      opened?.close();
      if (attempt === this.attempt) this.fail(error);
      return;
    }
    if (attempt !== this.attempt) {
      opened?.close();
      return;
    }
    if (opened) {
      // The chat platform's pages get no handle on this one.
      opened.opener = null;
      opened.location.href = started.redirect;
    }
    this.window = opened;
    this.hash = started.hash;
    this.deadline = Date.now() + CHAT_LINK_LIMIT_MS;
    this.set({ kind: 'waiting', redirect: started.redirect, windowOpened: opened !== null });
    this.schedule(attempt);
  }

  /** One more check of the last authorization, after the flow gave up waiting for it. */
  async checkAgain(): Promise<void> {
    if (this.hash === null) return;
    const attempt = this.reset(false);
    this.set({ kind: 'starting' });
    await this.check(attempt, true);
  }

  /** Stops waiting; the window, if any, is the user's to close. */
  stop(): void {
    this.reset(false);
    this.set({ kind: 'idle' });
  }

  /** Called when the page goes away: no timer may outlive it. */
  dispose(): void {
    this.reset(false);
  }

  private reset(forgetHash = true): number {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.window = null;
    if (forgetHash) this.hash = null;
    return ++this.attempt;
  }

  private schedule(attempt: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.check(attempt, this.window?.closed === true);
    }, CHAT_LINK_POLL_MS);
  }

  /** `last` says this is the final check: a pending answer ends the flow instead of waiting on. */
  private async check(attempt: number, last: boolean): Promise<void> {
    const hash = this.hash;
    if (hash === null) return;
    try {
      const answer = await this.auth.post<DataEnvelope<Checked>>('mattermost/auth-check', { hash }, { silent: true });
      if (attempt !== this.attempt) return;
      this.reset();
      this.set({ kind: 'linked', username: answer.data.mattermost_username });
      this.onLinked(answer.data.mattermost_username);
    } catch (error) {
      if (attempt !== this.attempt) return;
      const pending = error instanceof HttpError && error.status === 409;
      // A dropped connection says nothing about the authorization: keep asking while there is time.
      const unanswered = error instanceof HttpError && error.status === NO_RESPONSE_STATUS;
      if (!pending && !unanswered) {
        this.reset();
        this.fail(error);
      } else if (last || Date.now() >= this.deadline) {
        this.reset(false);
        this.set({ kind: 'notFinished' });
      } else {
        this.schedule(attempt);
      }
    }
  }

  private fail(error: unknown): void {
    const message =
      error instanceof HttpError && error.messages.length > 0 ? error.messages.join(' ') : this.genericMessage;
    this.set({ kind: 'failed', message });
  }

  private set(state: ChatLinkState): void {
    this.state = state;
  }
}
