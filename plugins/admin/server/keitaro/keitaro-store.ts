import { SECRET_MASK } from '@core/sdk/shared';
import type { Queryable } from '@core/sdk/server';
import {
  reverseActions,
  type KeitaroBoard,
  type KeitaroServer,
  type KeitaroServerCard,
  type Reverse,
  type ReverseState,
} from '../../shared/keitaro';
import { isoOf } from '../http';
import type { KeitaroServerAccess } from './keitaro-adapter';

export interface ServerRow {
  readonly id: string | number;
  readonly version: number;
  readonly name: string;
  readonly url: string;
  readonly api_key: string | null;
  readonly created_at: Date | string;
  readonly updated_at: Date | string;
}

export interface ReverseRow {
  readonly id: string | number;
  readonly address: string;
  readonly comment: string | null;
  readonly state: ReverseState;
  readonly server_id: string | number | null;
  readonly state_changed_at: Date | string;
  readonly created_at: Date | string;
}

export const SERVER_COLUMNS = 'id, version, name, url, api_key, created_at, updated_at';
export const REVERSE_COLUMNS = 'id, address, comment, state, server_id, state_changed_at, created_at';

export function wireServer(row: ServerRow): KeitaroServer {
  return {
    id: Number(row.id),
    name: row.name,
    url: row.url,
    api_key: row.api_key ? SECRET_MASK : null,
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
  };
}

export function wireReverse(row: ReverseRow): Reverse {
  return {
    id: Number(row.id),
    address: row.address,
    comment: row.comment,
    state: row.state,
    server_id: row.server_id === null ? null : Number(row.server_id),
    state_changed_at: isoOf(row.state_changed_at),
    created_at: isoOf(row.created_at),
    actions: reverseActions(row.state),
  };
}

export function accessOf(row: ServerRow): KeitaroServerAccess {
  return { id: Number(row.id), name: row.name, url: row.url, apiKey: row.api_key };
}

export async function findServer(db: Queryable, id: number, forUpdate = false): Promise<ServerRow | null> {
  const { rows } = await db.query<ServerRow>(
    `SELECT ${SERVER_COLUMNS} FROM admin.keitaro_servers WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findReverse(db: Queryable, id: number, forUpdate = false): Promise<ReverseRow | null> {
  const { rows } = await db.query<ReverseRow>(
    `SELECT ${REVERSE_COLUMNS} FROM admin.keitaro_reverses WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

function card(server: ServerRow, reverses: readonly Reverse[]): KeitaroServerCard {
  const id = Number(server.id);
  const mine = reverses.filter((reverse) => reverse.server_id === id);
  return {
    ...wireServer(server),
    active: mine.find((reverse) => reverse.state === 'active') ?? null,
    on_hold: mine.filter((reverse) => reverse.state === 'on_hold'),
    waiting: mine.filter((reverse) => reverse.state === 'waiting'),
  };
}

/** Every server with its reverses by state, and the free pool. */
export async function readBoard(db: Queryable): Promise<KeitaroBoard> {
  const servers = (
    await db.query<ServerRow>(`SELECT ${SERVER_COLUMNS} FROM admin.keitaro_servers ORDER BY lower(name), id`)
  ).rows;
  const reverses = (
    await db.query<ReverseRow>(
      `SELECT ${REVERSE_COLUMNS} FROM admin.keitaro_reverses ORDER BY state_changed_at DESC, lower(address), id`,
    )
  ).rows.map(wireReverse);
  return {
    servers: servers.map((server) => card(server, reverses)),
    free: reverses.filter((reverse) => reverse.state === 'free'),
  };
}

export async function readCard(db: Queryable, server: ServerRow): Promise<KeitaroServerCard> {
  const { rows } = await db.query<ReverseRow>(
    `SELECT ${REVERSE_COLUMNS} FROM admin.keitaro_reverses WHERE server_id = $1 ORDER BY state_changed_at DESC, lower(address), id`,
    [server.id],
  );
  return card(server, rows.map(wireReverse));
}
