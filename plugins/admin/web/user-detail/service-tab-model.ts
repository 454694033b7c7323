import type { ServiceIdentifier } from 'inversify';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { DataEnvelope, ListEnvelope } from '@core/sdk/shared';
import { HttpError, type HttpClient, type HttpClients } from '@core/sdk/web';
import type { KeitaroBoard } from '../../shared/keitaro';
import type { RdpServer } from '../../shared/rdp';
import type { ServiceEntry, ServiceLink, TrackerUser, TrackerUserInput } from '../../shared/services';
import type { IssueTrackerGroup } from '../../shared/you-track';

/** A server to pick: a Keitaro tracker or an RDP host. */
export interface ServerOption {
  readonly id: number;
  readonly name: string;
}

/** What a list the tab needs came to: rows, refused (the caller lacks its code), or failed. */
export type Listing<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly rows: readonly T[] }
  | { readonly state: 'denied' }
  | { readonly state: 'failed' };

const LOADING = { state: 'loading' } as const;

function refused<T>(error: unknown): Listing<T> {
  return error instanceof HttpError && error.status === 403 ? { state: 'denied' } : { state: 'failed' };
}

export function rowsOf<T>(listing: Listing<T>): readonly T[] {
  return listing.state === 'ready' ? listing.rows : [];
}

/**
 * The user detail's `service-tab`: the user's service links (one default per service), their
 * issue-tracker account and groups, their Keitaro tracker accounts and their RDP grants.
 * Reads are silent; changes show the kernel's toasts ('Success', the server's 409 and 422 words).
 * Page-scoped.
 */
export class ServiceTabModel {
  links: Listing<ServiceLink> = LOADING;
  services: Listing<ServiceEntry> = LOADING;
  groups: Listing<IssueTrackerGroup> = LOADING;
  userGroups: Listing<IssueTrackerGroup> = LOADING;
  trackerUsers: Listing<TrackerUser> = LOADING;
  keitaroServers: Listing<ServerOption> = LOADING;
  rdpServers: Listing<ServerOption> = LOADING;
  busy = false;

  private readonly auth: HttpClient;

  constructor(
    clients: Pick<HttpClients, 'get'>,
    readonly userId: number,
  ) {
    this.auth = clients.get('auth');
    makeObservable<ServiceTabModel, 'put'>(this, {
      links: observableRef,
      services: observableRef,
      groups: observableRef,
      userGroups: observableRef,
      trackerUsers: observableRef,
      keitaroServers: observableRef,
      rdpServers: observableRef,
      busy: observable,
      issueAccount: computed,
      rdpGrants: computed,
      trackerServices: computed,
      put: action,
    });
  }

  /** The user's issue-tracker account, as its service link shows it (none: no account yet). */
  get issueAccount(): ServiceLink | null {
    return rowsOf(this.links).find((link) => link.source === 'you_track') ?? null;
  }

  /** The user's RDP grants: links whose `source_id` is the grant's id. */
  get rdpGrants(): readonly ServiceLink[] {
    return rowsOf(this.links).filter((link) => link.source === 'rdp');
  }

  /** The services a tracker account may be made in. */
  get trackerServices(): readonly ServiceEntry[] {
    return rowsOf(this.services).filter((service) => service.kind === 'tracker');
  }

  private put<
    K extends 'links' | 'services' | 'groups' | 'userGroups' | 'trackerUsers' | 'keitaroServers' | 'rdpServers',
  >(key: K, value: ServiceTabModel[K]): void {
    (this as ServiceTabModel)[key] = value;
  }

  private async read<
    K extends 'links' | 'services' | 'groups' | 'userGroups' | 'trackerUsers' | 'keitaroServers' | 'rdpServers',
    T,
  >(key: K, fetch: () => Promise<readonly T[]>): Promise<void> {
    try {
      const rows = await fetch();
      this.put(key, { state: 'ready', rows } as ServiceTabModel[K]);
    } catch (error) {
      this.put(key, refused<T>(error) as ServiceTabModel[K]);
    }
  }

  private data<T>(path: string, query?: Readonly<Record<string, string>>): Promise<T> {
    return this.auth.get<DataEnvelope<T>>(path, { query, silent: true }).then((answer) => answer.data);
  }

  loadLinks = (): Promise<void> =>
    this.read('links', () => this.data<readonly ServiceLink[]>(`service-link/${this.userId}`));
  loadGroups = (): Promise<void> =>
    this.read('groups', () => this.data<readonly IssueTrackerGroup[]>('you-track/groups'));
  loadUserGroups = (): Promise<void> =>
    this.read('userGroups', () => this.data<readonly IssueTrackerGroup[]>(`you-track/users/groups/${this.userId}`));
  loadTrackerUsers = (): Promise<void> =>
    this.read('trackerUsers', () =>
      this.data<readonly TrackerUser[]>('tracker/users', { user_id: String(this.userId) }),
    );

  async load(): Promise<void> {
    await Promise.all([
      this.loadLinks(),
      this.read('services', () => this.data<readonly ServiceEntry[]>('references/services')),
      this.loadGroups(),
      this.loadUserGroups(),
      this.loadTrackerUsers(),
      this.read('keitaroServers', async () =>
        (await this.data<KeitaroBoard>('keitaro/servers')).servers.map(({ id, name }) => ({ id, name })),
      ),
      this.read('rdpServers', async () => {
        const answer = await this.auth.get<ListEnvelope<RdpServer>>('rdps/server', {
          query: { per_page: '100' },
          silent: true,
        });
        return answer.data.data.map(({ id, name }) => ({ id, name }));
      }),
    ]);
  }

  /** Runs a change (toasted by the kernel), then reads again what it touched; false when it failed. */
  private async change(run: () => Promise<unknown>, ...reload: (() => Promise<void>)[]): Promise<boolean> {
    runInAction(() => {
      this.busy = true;
    });
    try {
      await run();
      return true;
    } catch {
      return false;
    } finally {
      await Promise.all(reload.map((read) => read()));
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  makeDefault(link: ServiceLink): Promise<boolean> {
    return this.change(() => this.auth.patch(`service-link/${link.id}`, { is_default: true }), this.loadLinks);
  }

  createIssueAccount(): Promise<boolean> {
    return this.change(() => this.auth.post(`you-track/users/${this.userId}`), this.loadLinks, this.loadUserGroups);
  }

  deleteIssueAccount(): Promise<boolean> {
    return this.change(() => this.auth.delete(`you-track/users/${this.userId}`), this.loadLinks, this.loadUserGroups);
  }

  createGroup(name: string): Promise<boolean> {
    return this.change(() => this.auth.post('you-track/groups', { name: name.trim() }), this.loadGroups);
  }

  addToGroup(groupId: string): Promise<boolean> {
    return this.change(
      () => this.auth.post(`you-track/users/groups/${this.userId}/${encodeURIComponent(groupId)}`),
      this.loadUserGroups,
    );
  }

  removeFromGroup(groupId: string): Promise<boolean> {
    return this.change(
      () => this.auth.delete(`you-track/users/groups/${this.userId}/${encodeURIComponent(groupId)}`),
      this.loadUserGroups,
    );
  }

  /** `POST tracker/users {user_id, service_name, is_created_group, tracker_id}`. */
  addTrackerUser(input: Omit<TrackerUserInput, 'user_id'>): Promise<boolean> {
    const body: TrackerUserInput = { user_id: this.userId, ...input };
    return this.change(() => this.auth.post('tracker/users', body), this.loadTrackerUsers, this.loadLinks);
  }

  deleteTrackerUser(id: number): Promise<boolean> {
    return this.change(() => this.auth.delete(`tracker/users/${id}`), this.loadTrackerUsers, this.loadLinks);
  }

  grantRdp(serverId: number): Promise<boolean> {
    return this.change(() => this.auth.post(`rdps/${serverId}/users/${this.userId}`), this.loadLinks);
  }

  /** `DELETE rdps/{id}` with the grant's id. */
  revokeRdp(grantId: number): Promise<boolean> {
    return this.change(() => this.auth.delete(`rdps/${grantId}`), this.loadLinks);
  }
}

/** Makes one user's service-tab model: bound in the admin module, called once per visit of the tab. */
export type ServiceTabModelFactory = (userId: number) => ServiceTabModel;
export const ServiceTabModelFactory: ServiceIdentifier<ServiceTabModelFactory> =
  Symbol.for('admin.ServiceTabModelFactory');
