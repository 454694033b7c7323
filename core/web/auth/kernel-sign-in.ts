import type { Container } from 'inversify';
import type { DataEnvelope } from '@core/shared/envelopes';
import { HttpClients } from '../http/http-clients';
import { AuthService } from '../services/auth-service';
import type { SignInActions } from './sign-in-host';

/** The sign-in screen's calls, made by the kernel's services (the session store learns of each success). */
export function kernelSignInActions(container: Container): SignInActions {
  const auth = container.get(AuthService);
  const http = container.get(HttpClients);
  return {
    signIn: async (email, password) => {
      await auth.signIn(email, password);
    },
    signInWithTelegram: async (data) => {
      await auth.signInWithTelegram(data);
    },
    loginCode: () => auth.loginCode(),
    signInWithCode: (code) => auth.signInWithCode(code),
    botLink: async () =>
      (await http.get('auth').get<DataEnvelope<{ link: string }>>('telegram/link', { silent: true })).data.link,
  };
}
