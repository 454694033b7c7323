import { inject, injectable } from 'inversify';
import type { DataEnvelope } from '@core/shared/envelopes';
import { checkPreference, type PreferenceKey, type PreferenceValue } from '@core/shared/preferences';
import { HttpClients } from '../http/http-clients';

interface PreferenceAnswer<K extends PreferenceKey> {
  readonly key: K;
  readonly value: unknown;
}

/**
 * What the signed-in user keeps about how the app looks to them (`auth/preferences/<key>`): the
 * dashboard's layout, each list's saved views. Kept on the server, so it follows the user to
 * another browser; the shapes are core/shared/preferences.ts.
 */
@injectable()
export class PreferencesService {
  constructor(@inject(HttpClients) private readonly http: Pick<HttpClients, 'get'>) {}

  /** The saved value; null when the user never saved one. A value that no longer fits its shape reads as none. */
  async get<K extends PreferenceKey>(key: K): Promise<PreferenceValue<K> | null> {
    const answer = await this.http
      .get('auth')
      .get<DataEnvelope<PreferenceAnswer<K>>>(`preferences/${encodeURIComponent(key)}`, { silent: true });
    return answer.data.value === null ? null : (checkPreference(key, answer.data.value).value ?? null);
  }

  /** Replaces the saved value; a refused write rejects with the server's message (a 422 names the part at fault). */
  async set<K extends PreferenceKey>(key: K, value: PreferenceValue<K>): Promise<void> {
    await this.http.get('auth').put(`preferences/${encodeURIComponent(key)}`, { value }, { silent: true });
  }

  /** Forgets the saved value: the default applies again. */
  async clear(key: PreferenceKey): Promise<void> {
    await this.http.get('auth').delete(`preferences/${encodeURIComponent(key)}`, { silent: true });
  }
}
