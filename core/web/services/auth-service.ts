import { inject, injectable, named } from 'inversify';
import type { DataEnvelope } from '@core/shared/envelopes';
import { HttpClients } from '../http/http-clients';
import { HttpError } from '../http/http-error';
import { ContributionProvider, contributionPoint } from '../kernel/contribution-provider';
import { StoreContributionToken, type StoreContribution } from '../kernel/contributions';
import { SessionStore, type SessionUser } from './session-store';

interface LoginAnswer {
  readonly user: SessionUser;
  readonly token: string;
}

/**
 * What Telegram hands back after a bot sign-in. It is signed as a whole, fields Telegram may add
 * later included, so it is sent on exactly as received.
 */
export interface TelegramAuthData {
  readonly id: number;
  readonly auth_date: number;
  readonly hash: string;
  readonly [field: string]: string | number;
}

/** A one-time sign-in code and the bot dialog link that carries it (`?start=<code>`), valid until `expiresAt`. */
export interface LoginCode {
  readonly code: string;
  readonly link: string;
  readonly expiresAt: string;
}

/** Where a code sign-in stands: done (the session is stored), or still waiting for Start in the bot. */
export type CodeSignIn = { readonly status: 'signed-in' } | { readonly status: 'pending'; readonly expiresAt: string };

interface PendingAnswer {
  readonly status: 'pending';
  readonly expiresAt: string;
}

/** Sign-in and sign-out against the auth service, keeping the session store in step. */
@injectable()
export class AuthService {
  constructor(
    @inject(HttpClients) private readonly http: HttpClients,
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(ContributionProvider)
    @named(contributionPoint(StoreContributionToken))
    private readonly stores: ContributionProvider<StoreContribution>,
  ) {}

  async signIn(email: string, password: string): Promise<SessionUser> {
    const answer = await this.http
      .get('auth')
      .post<DataEnvelope<LoginAnswer>>('auth/login', { email, password }, { silent: true });
    this.session.signIn(answer.data.user, answer.data.token);
    return answer.data.user;
  }

  /** Sign-in through the messenger bot (POST telegram/auth-check); the session is stored as for a password. */
  async signInWithTelegram(data: TelegramAuthData): Promise<SessionUser> {
    const answer = await this.http
      .get('auth')
      .post<DataEnvelope<LoginAnswer>>('telegram/auth-check', { dataTelegramAuthButton: data }, { silent: true });
    this.session.signIn(answer.data.user, answer.data.token);
    return answer.data.user;
  }

  /**
   * A one-time code for sign-in through the bot (POST telegram/login-code), or null when the server
   * has no bot with the sign-in handler (503): the login screen then offers the Login Widget's link.
   */
  async loginCode(): Promise<LoginCode | null> {
    try {
      return (await this.http.get('auth').post<DataEnvelope<LoginCode>>('telegram/login-code', {}, { silent: true }))
        .data;
    } catch (error) {
      if (error instanceof HttpError && error.status === 503) return null;
      throw error;
    }
  }

  /** Checks a code (POST telegram/auth-check); once the bot has bound it, the session is stored as for a password. */
  async signInWithCode(code: string): Promise<CodeSignIn> {
    const answer = await this.http
      .get('auth')
      .post<DataEnvelope<LoginAnswer | PendingAnswer>>('telegram/auth-check', { code }, { silent: true });
    if ('status' in answer.data) return { status: 'pending', expiresAt: answer.data.expiresAt };
    this.session.signIn(answer.data.user, answer.data.token);
    return { status: 'signed-in' };
  }

  /** Gives the signed-in user an e-mail (POST user/update); the stored user takes the server's answer. */
  async updateEmail(email: string): Promise<SessionUser> {
    const answer = await this.http
      .get('auth')
      .post<DataEnvelope<SessionUser>>('user/update', { email }, { silent: true });
    const current = this.session.user;
    // The server answers the whole user; the stored one is kept under it in case a field is left out.
    const user: SessionUser = current ? { ...current, ...answer.data } : answer.data;
    this.session.setUser(user);
    return user;
  }

  /** Reads the user again (GET auth/user): roles and permission codes may have changed. */
  async refreshUser(): Promise<SessionUser> {
    const answer = await this.http.get('auth').get<DataEnvelope<SessionUser>>('auth/user', { silent: true });
    this.session.setUser(answer.data);
    return answer.data;
  }

  async signOut(): Promise<void> {
    try {
      await this.http.get('auth').post('auth/logout', undefined, { silent: true });
    } finally {
      this.session.clear();
      // Nothing of this session may be visible to the next one.
      for (const store of this.stores.getContributions()) store.reset();
    }
  }
}
