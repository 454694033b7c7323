import { STALE_VERSION_MESSAGE, type FieldValue, type ResourceDefinition, type ResourceRecord } from '@core/sdk/shared';
import { ApiError, findRecord, notFound, type Actor, type Database, type RecordWriter } from '@core/sdk/server';
import { offersResource, streamsResource, type SyncState } from '../../shared/resources';
import type { KeitaroAdminApi, KeitaroConnection } from './keitaro-api';
import { pushOffer } from './offer-push';
import { flagOf, idOf } from './record-values';
import { pushStream } from './stream-push';
import { keitaroFailure, OFFER_NOT_IN_KEITARO, SYNC_FAILED_UNEXPECTEDLY, SYNC_IS_OFF, SyncFailure } from './sync-failures';
import { SyncQueue } from './sync-queue';
import { trackerServer, type TrackerServer } from './tracker-connection';

/** The row action and audit name of every write the sync makes. */
export const SYNC_ACTION = 'sync';

export interface KeitaroSyncDeps {
  readonly db: Database;
  readonly records: RecordWriter;
  /** The adapter for one server. */
  readonly keitaro: (connection: KeitaroConnection) => KeitaroAdminApi;
  readonly now: () => Date;
  /** Where a background push's unexpected error goes (the server's log); the adapter's errors carry no key. */
  readonly log: { error(details: { readonly err: unknown }, message: string): void };
}

/** Fields one push learnt (ids Keitaro assigned), kept even when a later step fails. */
type Learnt = Record<string, FieldValue>;

const isStale = (error: unknown): boolean => error instanceof ApiError && error.status === 409 && error.message === STALE_VERSION_MESSAGE;

/**
 * Keeps offers and streams with sync on in step with Keitaro. Every push runs after the write
 * that asked for it has committed and outside any transaction: the row goes `pending`, Keitaro is
 * called, and the row ends `synced` (ids and `synced_at`) or `failed` (the message), each a change
 * through the engine named `sync`. A change saved while a push was in flight makes that push's
 * result stale: it keeps what it learnt, leaves the state to the push that follows, and never
 * marks the newer values synced.
 */
export class KeitaroSync {
  private readonly queue = new SyncQueue();

  constructor(private readonly deps: KeitaroSyncDeps) {}

  /**
   * After a committed write of the record: with sync on, the row goes `pending` and a push is
   * queued (its end is the row's business, not the caller's); with sync off nothing happens. The
   * record as it is now, or null when the write needs nothing.
   */
  async written(definition: ResourceDefinition, id: number, actor: Actor): Promise<ResourceRecord | null> {
    const record = await findRecord(this.deps.db, definition, id);
    if (!record) return null;
    if (definition === streamsResource && flagOf(record, 'is_default')) await this.repushSiblings(record, actor);
    // Sync off: the write itself cleared the state (rules/sync-off.ts), so nothing was synced and nothing is stored.
    if (!flagOf(record, 'sync_enabled')) return null;
    const pending = await this.markPending(definition, record, actor);
    this.schedule(definition, id, actor);
    return pending;
  }

  /**
   * A stream made its campaign's default cleared the others' flag in its own transaction (the
   * stream rules), so those already in Keitaro are pushed again, as regular streams now.
   */
  private async repushSiblings(stream: ResourceRecord, actor: Actor): Promise<void> {
    const { rows } = await this.deps.db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${streamsResource.table}
        WHERE campaign_id = $1 AND id <> $2 AND sync_enabled AND keitaro_stream_id IS NOT NULL AND deleted_at IS NULL ORDER BY id`,
      [idOf(stream, 'campaign_id'), stream.id],
    );
    for (const row of rows) {
      const sibling = await findRecord(this.deps.db, streamsResource, Number(row.id));
      if (!sibling) continue;
      await this.markPending(streamsResource, sibling, actor);
      this.schedule(streamsResource, sibling.id, actor);
    }
  }

  /** The row action: pushes now and answers the synced record, or stores `failed` and throws the failure as an API error. */
  async syncNow(definition: ResourceDefinition, id: number, actor: Actor): Promise<ResourceRecord> {
    const outcome = await this.queue.run(this.keyOf(definition, id), () => this.push(definition, id, actor, 'asked'));
    if (outcome instanceof SyncFailure) throw new ApiError(outcome.status, outcome.message);
    if (!outcome) throw notFound();
    return outcome;
  }

  /** Resolves once every queued push has ended. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  private schedule(definition: ResourceDefinition, id: number, actor: Actor): void {
    // Nobody waits for a background push: what it meets is on the row, and only the unexpected is logged.
    void this.queue.run(this.keyOf(definition, id), () => this.push(definition, id, actor, 'background')).catch((error: unknown) => this.deps.log.error({ err: error }, 'Keitaro sync failed unexpectedly'));
  }

  /** Streams share their campaign in Keitaro, so they are pushed one at a time; offers one at a time each. */
  private keyOf(definition: ResourceDefinition, id: number): string {
    return definition === streamsResource ? 'streams' : `offers:${id}`;
  }

  private async markPending(definition: ResourceDefinition, record: ResourceRecord, actor: Actor): Promise<ResourceRecord> {
    if (record.sync_state === ('pending' satisfies SyncState)) return record;
    return this.store(definition, record.id, { sync_state: 'pending' satisfies SyncState, sync_error: null }, actor);
  }

  /**
   * One push of the row as it stands: the record `synced`, or the failure stored on it (null: the
   * record is gone). A row changed meanwhile gets what was learnt and another push, so its newer
   * values are pushed too. An error that is not the sync's is stored as a failure, then thrown.
   */
  private async push(definition: ResourceDefinition, id: number, actor: Actor, trigger: 'asked' | 'background'): Promise<ResourceRecord | SyncFailure | null> {
    // Read as the caller reads it: the answer names the offer's countries in their language.
    const found = await findRecord(this.deps.db, definition, id, { language: actor.language });
    if (!found) {
      if (trigger === 'asked') throw notFound();
      return null;
    }
    if (!flagOf(found, 'sync_enabled')) return trigger === 'asked' ? new SyncFailure(409, SYNC_IS_OFF) : found;
    const record = await this.markPending(definition, found, actor);
    const learnt: Learnt = {};
    let failure: SyncFailure | null = null;
    let unexpected: unknown = null;
    try {
      await this.pushRecord(definition, record, learnt);
    } catch (error) {
      if (error instanceof SyncFailure) failure = error;
      else {
        unexpected = error;
        failure = new SyncFailure(502, SYNC_FAILED_UNEXPECTEDLY);
      }
    }
    const outcome: Learnt = failure
      ? { sync_state: 'failed' satisfies SyncState, sync_error: failure.message }
      : { sync_state: 'synced' satisfies SyncState, sync_error: null, synced_at: this.deps.now().toISOString() };
    let stored: ResourceRecord | null;
    try {
      stored = await this.store(definition, id, { ...learnt, ...outcome }, actor, record.version);
    } catch (error) {
      if (!isStale(error)) throw error;
      stored = Object.keys(learnt).length > 0 ? await this.store(definition, id, learnt, actor) : await findRecord(this.deps.db, definition, id, { language: actor.language });
      this.schedule(definition, id, actor);
    }
    if (unexpected !== null) throw unexpected;
    return failure ?? stored;
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
    if (!offer) throw new SyncFailure(409, OFFER_NOT_IN_KEITARO);
    const trackerId = idOf(offer, 'tracker');
    const server = await trackerServer(this.deps.db, trackerId);
    const keitaroOfferId = idOf(offer, 'keitaro_offer_id');
    if (keitaroOfferId === null || trackerId === null) throw new SyncFailure(409, OFFER_NOT_IN_KEITARO);
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

  /** One change named `sync`; with `version`, refused as stale when the row changed since. */
  private store(definition: ResourceDefinition, id: number, values: Learnt, actor: Actor, version: number | null = null): Promise<ResourceRecord> {
    return this.deps.records.change(definition, id, { action: SYNC_ACTION, values, version }, actor);
  }
}
