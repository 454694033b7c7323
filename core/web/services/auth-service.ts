import { inject, injectable, type Container } from 'inversify';
import type { DataEnvelope } from '@core/shared/envelopes';
import { HttpClients } from '../http/http-clients';
import { KernelContainer } from '../kernel/kernel-container';
import { StoreContributionToken } from '../kernel/contributions';
import { SessionStore, type SessionUser } from './session-store';

interface LoginAnswer {
  readonly user: SessionUser;
  readonly token: string;
}

/** Sign-in and sign-out against the auth service, keeping the session store in step. */
@injectable()
export class AuthService {
  constructor(
    @inject(HttpClients) private readonly http: HttpClients,
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(KernelContainer) private readonly container: Container,
  ) {}

  async signIn(email: string, password: string): Promise<SessionUser> {
    const answer = await this.http.get('auth').post<DataEnvelope<LoginAnswer>>('auth/login', { email, password }, { silent: true });
    this.session.signIn(answer.data.user, answer.data.token);
    return answer.data.user;
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
      for (const store of this.container.getAll(StoreContributionToken, { optional: true })) store.reset();
    }
  }
}
