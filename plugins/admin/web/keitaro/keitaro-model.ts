import { action, makeObservable, observable, runInAction } from 'mobx';
import type { DataEnvelope, ResourceRecord } from '@core/sdk/shared';
import { HttpError, ResourceApi, type HttpClient, type HttpClients } from '@core/sdk/web';
import {
  keitaroServersResource,
  type KeitaroBoard,
  type KeitaroServer,
  type KeitaroServerCard,
  type Reverse,
  type ReverseAction,
} from '../../shared/keitaro';

/** A server as the engine's add/edit dialog reads it (the board carries no version: the PUT needs none). */
export function serverRecord(server: KeitaroServer): ResourceRecord {
  return { ...server, version: 1 };
}

/**
 * The engine's form contract over the Keitaro server calls: `POST keitaro/servers` and
 * `PUT keitaro/servers/{id}` with the whole form (the dialog sends only what changed, so the rest
 * comes from the board; an api_key left out keeps the stored key).
 */
export class KeitaroServersApi extends ResourceApi {
  private readonly auth: HttpClient;
  cards: ReadonlyMap<number, KeitaroServer> = new Map();

  constructor(clients: Pick<HttpClients, 'get'>) {
    super(keitaroServersResource, clients);
    this.auth = clients.get('auth');
  }

  override async get(id: number): Promise<ResourceRecord> {
    const board = (await this.auth.get<DataEnvelope<KeitaroBoard>>('keitaro/servers', { silent: true })).data;
    const card = board.servers.find((server) => server.id === id);
    if (!card) throw new Error(`Keitaro server ${id} is gone`);
    return serverRecord(card);
  }

  override async create(values: Readonly<Record<string, unknown>>): Promise<ResourceRecord> {
    return serverRecord(
      (await this.auth.post<DataEnvelope<KeitaroServerCard>>('keitaro/servers', values, { silent: true })).data,
    );
  }

  override async update(id: number, changes: Readonly<Record<string, unknown>>): Promise<ResourceRecord> {
    const current = this.cards.get(id);
    const body = { ...(current ? { name: current.name, url: current.url } : {}), ...changes };
    return serverRecord(
      (await this.auth.put<DataEnvelope<KeitaroServerCard>>(`keitaro/servers/${id}`, body, { silent: true })).data,
    );
  }
}

/**
 * The Keitaro board's changes: every server with its active, on-hold and waiting reverses, and
 * the pool of free reverses, read by the page (`readBoard`), changed here. Actions go through the
 * kernel's toasts ('Success', or the server's words for a refused transition, 409), and a refusal
 * also stays on the page until dismissed. Page-scoped.
 */
export class KeitaroModel {
  /** The last refusal (409) the server gave, shown above the board. */
  refusal: string | null = null;
  /** A change is under way, or the board is being read again after it: the buttons wait. */
  busy = false;
  readonly serversApi: KeitaroServersApi;
  private readonly auth: HttpClient;

  constructor(clients: Pick<HttpClients, 'get'>) {
    this.auth = clients.get('auth');
    this.serversApi = new KeitaroServersApi(clients);
    makeObservable(this, {
      refusal: observable,
      busy: observable,
      dismiss: action,
    });
  }

  /** `GET keitaro/servers`; the edit dialog fills what it does not send from these cards. */
  async readBoard(signal: AbortSignal): Promise<KeitaroBoard> {
    const board = (await this.auth.get<DataEnvelope<KeitaroBoard>>('keitaro/servers', { silent: true, signal })).data;
    this.serversApi.cards = new Map(board.servers.map((server) => [server.id, server]));
    return board;
  }

  dismiss(): void {
    this.refusal = null;
  }

  /** Runs a change, then has the board read again (`reload`), refused or not, before the buttons come back. */
  private async change(run: () => Promise<unknown>, reload: () => Promise<void>): Promise<boolean> {
    runInAction(() => {
      this.busy = true;
      this.refusal = null;
    });
    try {
      await run();
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) {
        runInAction(() => {
          this.refusal = error.messages.join(' ');
        });
      }
      return false;
    } finally {
      await reload();
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  /** `POST keitaro/reverses/{id}/<action>`; a transfer names the server (`{ server_id }`). */
  act(
    reverse: Reverse,
    reverseAction: ReverseAction,
    serverId: number | null,
    reload: () => Promise<void>,
  ): Promise<boolean> {
    const body = reverseAction === 'transfer' ? { server_id: serverId } : undefined;
    return this.change(() => this.auth.post(`keitaro/reverses/${reverse.id}/${reverseAction}`, body), reload);
  }

  deleteReverse(reverse: Reverse, reload: () => Promise<void>): Promise<boolean> {
    return this.change(() => this.auth.delete(`keitaro/reverses/${reverse.id}`), reload);
  }

  deleteServer(server: KeitaroServer, reload: () => Promise<void>): Promise<boolean> {
    return this.change(() => this.auth.delete(`keitaro/servers/${server.id}`), reload);
  }
}
