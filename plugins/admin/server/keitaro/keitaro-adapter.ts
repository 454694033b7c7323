import type { ReverseState } from '../../shared/keitaro';

/** What an adapter needs to reach one Keitaro server. */
export interface KeitaroServerAccess {
  readonly id: number;
  readonly name: string;
  readonly url: string;
  /** The Admin API key; null when none is stored. */
  readonly apiKey: string | null;
}

export interface ReverseChange {
  readonly reverse: { readonly id: number; readonly address: string };
  readonly from: ReverseState;
  readonly to: ReverseState;
  /** The server the reverse is on after the change, or was on before it when released. */
  readonly server: KeitaroServerAccess;
}

export interface TrackerAccountRequest {
  readonly login: string;
  /** Whether to create a user group of the same name on the tracker too. */
  readonly createGroup: boolean;
}

/**
 * Keitaro API access. The routes keep the servers, reverses and tracker users in the admin
 * schema and tell the adapter of each change inside the transaction that makes it, so an adapter
 * that throws (an `ApiError`: 502 for a refusal, 503 when unreachable) undoes the change.
 */
export interface KeitaroAdapter {
  readonly name: string;
  reverseChanged(change: ReverseChange): Promise<void>;
  /** Creates the user's account on the tracker; its id there, or null when the adapter keeps none. */
  createUser(server: KeitaroServerAccess, account: TrackerAccountRequest): Promise<string | null>;
  deleteUser(server: KeitaroServerAccess, externalId: string | null): Promise<void>;
}

/** The default: the admin schema is the whole truth, nothing outside is called. */
export const localKeitaroAdapter: KeitaroAdapter = {
  name: 'local',
  reverseChanged: async () => undefined,
  createUser: async () => null,
  deleteUser: async () => undefined,
};
