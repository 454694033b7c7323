import { STALE_VERSION_MESSAGE, type FieldValue, type ResourceDefinition, type ResourceRecord } from '@core/sdk/shared';
import {
  ApiError,
  findRecord,
  notFound,
  PermanentJobError,
  type Actor,
  type Database,
  type Jobs,
  type Queryable,
  type RecordWriter,
} from '@core/sdk/server';
import { offersResource, streamsResource, trackersResource, type SyncState } from '../../shared/resources';
import type { KeitaroAdminApi, KeitaroConnection } from './keitaro-api';
import { pushOffer } from './offer-push';
import { flagOf, idOf } from './record-values';
import { pushStream } from './stream-push';
import {
  failureStatus,
  keitaroFailure,
  OFFER_NOT_IN_KEITARO,
  SYNC_FAILED_UNEXPECTEDLY,
  SYNC_IS_OFF,
  SyncFailure,
} from './sync-failures';
import { trackerServer, type TrackerServer } from './tracker-connection';

/** The row action and audit name of every write the sync makes. */
export const SYNC_ACTION = 'sync';

/** The job kind of one push: one record to Keitaro, as the record stands when the job runs. */
export const PUSH_KIND = 'tracker.keitaro-push';

/** The resources the sync keeps, by the name a push's payload gives. */
const SYNCED_RESOURCES = { offers: offersResource, streams: streamsResource } as const;
export type SyncedResource = keyof typeof SYNCED_RESOURCES;

/** A push job's payload: which record, never its values (the job reads the row as it is then). */
export interface PushPayload {
  readonly resource: SyncedResource;
  readonly id: number;
  /** Whose write asked for it: the sync's own changes are theirs in the record's history. */
  readonly by: number | null;
}

/** Who asked for a push: the user of a write, who is not told when it ends (the row shows it), or of the row action, who waits for it. */
export interface PushRequester {
  readonly userId: number | null;
  readonly waits: boolean;
}

/** How a push job ended, as its result. */
export interface PushResult {
  /** `synced`; `skipped`: the record is gone or its sync off; `superseded`: the row changed meanwhile and the push that follows decides. */
  readonly outcome: 'synced' | 'skipped' | 'superseded';
}

/** How long the sync row action waits for its push before answering the row as it stands (still pending). */
const ACTION_WAIT_MS = 60_000;
const ACTION_POLL_MS = 100;

export interface KeitaroSyncDeps {
  readonly db: Database;
  readonly records: RecordWriter;
  readonly jobs: Jobs;
  /** The adapter for one server. */
  readonly keitaro: (connection: KeitaroConnection) => KeitaroAdminApi;
  readonly now: () => Date;
  /** Where an unexpected error of a push goes (the server's log): the row and the job say only that it failed. */
  readonly log: { error(details: { readonly err: unknown }, message: string): void };
}

/** Fields one push learnt (ids Keitaro assigned), kept even when a later step fails. */
type Learnt = Record<string, FieldValue>;

const isStale = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.message === STALE_VERSION_MESSAGE;

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The name a push's payload gives the resource. */
function syncedResourceOf(definition: ResourceDefinition): SyncedResource {
  return definition === streamsResource ? 'streams' : 'offers';
}

/** A record's values as the hooks (snapshots) and reads (records) give them. */
type Values = Readonly<Record<string, unknown>>;

const numberIn = (values: Values, name: string): number | null => {
  const value = values[name];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
};

/**
 * Keeps offers and streams with sync on in step with Keitaro, each push a durable job of
 * PUSH_KIND. A write that wants a push (push-hooks.ts) marks the row `pending` and enqueues the
 * job in its own transaction, keyed per record: edits saved while one waits coalesce into it, and
 * the job pushes the row as it stands when it runs. Pushes of one offer, and of the streams of one
 * Keitaro campaign (they share the campaign), run one at a time across all copies. A push ends
 * with the row `synced` (ids and `synced_at`) or `failed` (the message, which is the job's error
 * too), each a change through the engine named `sync`. A change saved while a push was in flight
 * makes that push's result stale: it keeps what it learnt, leaves the state to the push that
 * follows, and never marks the newer values synced.
 */
export class KeitaroSync {
  constructor(private readonly deps: KeitaroSyncDeps) {}

  /**
   * Queues a push of the record through `db` (the write's transaction); coalesces with one already
   * queued for it. A push a save asked for is started by nobody, so its end notifies nobody: a
   * notification for every save would drown the others, and the row shows how it went.
   */
  async enqueue(
    db: Queryable,
    definition: ResourceDefinition,
    id: number,
    values: Values,
    requester: PushRequester,
  ): Promise<number> {
    const subject = `${definition.id}:${id}`;
    const payload: PushPayload = { resource: syncedResourceOf(definition), id, by: requester.userId };
    return this.deps.jobs.enqueue(db, PUSH_KIND, payload, {
      subject,
      createdBy: requester.waits ? requester.userId : null,
      dedupeKey: subject,
      concurrencyKey: await this.concurrencyKey(db, definition, id, values),
    });
  }

  /**
   * Streams share their Keitaro campaign, on their offer's tracker's server: one at a time per
   * server and campaign. An offer is pushed one at a time on its own.
   */
  private async concurrencyKey(
    db: Queryable,
    definition: ResourceDefinition,
    id: number,
    values: Values,
  ): Promise<string> {
    if (definition !== streamsResource) return `keitaro-offer:${id}`;
    const { rows } = await db.query<{ server: string | null }>(
      `SELECT t.active_server::text AS server FROM ${offersResource.table} o JOIN ${trackersResource.table} t ON t.id = o.tracker WHERE o.id = $1`,
      [numberIn(values, 'offer')],
    );
    return `keitaro-campaign:${rows[0]?.server ?? 'none'}:${numberIn(values, 'campaign_id') ?? id}`;
  }

  /**
   * The row action: queues a push (marking the row pending with it) and waits for it; answers the
   * synced record, or throws the stored failure as an API error with its status.
   */
  async syncNow(definition: ResourceDefinition, id: number, actor: Actor): Promise<ResourceRecord> {
    const jobId = await this.deps.db.transaction(async (tx) => {
      const found = await findRecord(tx, definition, id, { lock: true });
      if (!found) throw notFound();
      if (!flagOf(found, 'sync_enabled')) throw new ApiError(409, SYNC_IS_OFF);
      await this.markPending(tx, definition, found, actor);
      return this.enqueue(tx, definition, id, found, { userId: actor.id, waits: true });
    });
    await this.finished(jobId);
    // Read as the caller reads it: the answer names the offer's countries in their language.
    const record = await findRecord(this.deps.db, definition, id, { language: actor.language });
    if (!record) throw notFound();
    const error = record.sync_error;
    if (record.sync_state === ('failed' satisfies SyncState) && typeof error === 'string')
      throw new ApiError(failureStatus(error), error);
    return record;
  }

  /** Resolves once the job has finished, or after ACTION_WAIT_MS. */
  private async finished(jobId: number): Promise<void> {
    const deadline = Date.now() + ACTION_WAIT_MS;
    for (;;) {
      const job = await this.deps.jobs.find(jobId);
      if (!job || (job.state !== 'queued' && job.state !== 'running') || Date.now() >= deadline) return;
      await delay(ACTION_POLL_MS);
    }
  }

  /**
   * One push job: the row as it stands now. A failure is stored on the row and fails the job with
   * the same message; a row changed meanwhile gets what was learnt and another push.
   */
  async run(payload: PushPayload): Promise<PushResult> {
    const definition = SYNCED_RESOURCES[payload.resource];
    const actor: Actor = { id: payload.by, language: 'en' };
    const found = await findRecord(this.deps.db, definition, payload.id);
    if (!found || !flagOf(found, 'sync_enabled')) return { outcome: 'skipped' };
    const record = await this.deps.db.transaction((tx) => this.markPending(tx, definition, found, actor));
    const learnt: Learnt = {};
    let failure: SyncFailure | null = null;
    try {
      await this.pushRecord(definition, record, learnt);
    } catch (error) {
      if (error instanceof SyncFailure) failure = error;
      else {
        this.deps.log.error({ err: error }, 'Keitaro sync failed unexpectedly');
        failure = new SyncFailure(SYNC_FAILED_UNEXPECTEDLY);
      }
    }
    const outcome: Learnt = failure
      ? { sync_state: 'failed' satisfies SyncState, sync_error: failure.message }
      : { sync_state: 'synced' satisfies SyncState, sync_error: null, synced_at: this.deps.now().toISOString() };
    try {
      await this.store(definition, payload.id, { ...learnt, ...outcome }, actor, record.version);
    } catch (error) {
      if (!isStale(error)) throw error;
      await this.deps.db.transaction(async (tx) => {
        if (Object.keys(learnt).length > 0)
          await this.deps.records.changeIn(tx, definition, payload.id, { action: SYNC_ACTION, values: learnt }, actor);
        const now = await findRecord(tx, definition, payload.id);
        if (now && flagOf(now, 'sync_enabled'))
          await this.enqueue(tx, definition, payload.id, now, { userId: payload.by, waits: false });
      });
      return { outcome: 'superseded' };
    }
    if (failure) throw new PermanentJobError(failure.message);
    return { outcome: 'synced' };
  }

  /** Calls Keitaro for the record, with the server of its tracker (a stream's: its offer's). */
  private async pushRecord(definition: ResourceDefinition, record: ResourceRecord, learnt: Learnt): Promise<void> {
    if (definition === offersResource) {
      const server = await trackerServer(this.deps.db, idOf(record, 'tracker'));
      await this.calling(server, (api) => pushOffer(this.deps.db, api, record, learnt));
      return;
    }
    const offerId = idOf(record, 'offer');
    const offer = offerId === null ? null : await findRecord(this.deps.db, offersResource, offerId);
    if (!offer) throw new SyncFailure(OFFER_NOT_IN_KEITARO);
    const trackerId = idOf(offer, 'tracker');
    const server = await trackerServer(this.deps.db, trackerId);
    const keitaroOfferId = idOf(offer, 'keitaro_offer_id');
    if (keitaroOfferId === null || trackerId === null) throw new SyncFailure(OFFER_NOT_IN_KEITARO);
    await this.calling(server, (api) => pushStream(this.deps.db, api, record, { keitaroOfferId, trackerId }, learnt));
  }

  /** Runs calls against the server, its adapter's errors turned into failures naming the server. */
  private async calling(server: TrackerServer, calls: (api: KeitaroAdminApi) => Promise<void>): Promise<void> {
    try {
      await calls(this.deps.keitaro(server.connection));
    } catch (error) {
      throw keitaroFailure(error, server.serverName);
    }
  }

  private async markPending(
    tx: Queryable,
    definition: ResourceDefinition,
    record: ResourceRecord,
    actor: Actor,
  ): Promise<ResourceRecord> {
    if (record.sync_state === ('pending' satisfies SyncState) && record.sync_error === null) return record;
    return this.deps.records.changeIn(
      tx,
      definition,
      record.id,
      { action: SYNC_ACTION, values: { sync_state: 'pending' satisfies SyncState, sync_error: null } },
      actor,
    );
  }

  /** One change named `sync`; with `version`, refused as stale when the row changed since. */
  private store(
    definition: ResourceDefinition,
    id: number,
    values: Learnt,
    actor: Actor,
    version: number,
  ): Promise<ResourceRecord> {
    return this.deps.records.change(definition, id, { action: SYNC_ACTION, values, version }, actor);
  }
}
