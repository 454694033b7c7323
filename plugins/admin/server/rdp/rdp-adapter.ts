/** What an adapter needs to reach one RDP host. */
export interface RdpHostAccess {
  readonly id: number;
  readonly name: string;
  readonly ip: string;
  readonly username: string | null;
  readonly password: string | null;
}

export interface RdpAccount {
  readonly userId: number;
  readonly username: string;
}

/**
 * RDP hosts. Grants are kept in the admin schema; the adapter is told of each grant and revoke
 * inside the transaction that records it, so an adapter that throws (an `ApiError`) undoes it.
 */
export interface RdpHostAdapter {
  readonly name: string;
  grant(host: RdpHostAccess, account: RdpAccount): Promise<void>;
  revoke(host: RdpHostAccess, account: RdpAccount): Promise<void>;
}

/** The default: grants are records only; no host is contacted. */
export const localRdpAdapter: RdpHostAdapter = {
  name: 'local',
  grant: async () => undefined,
  revoke: async () => undefined,
};
