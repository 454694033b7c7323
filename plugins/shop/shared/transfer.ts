import { defineResource, fieldBuilders, USERS_REFERENCE, type ReferenceTarget } from '@core/sdk/shared';

/*
 * Manual transfer (`/manual-transfer`, code SM): completed orders, with the positions
 * reserved or sold for them, moved to another buyer and/or agency team. The wire types both sides
 * read; the server is plugins/shop/server/transfer, the page plugins/shop/web/transfer.
 */

/** Orders one preview or transfer may name at most. */
export const TRANSFER_MAX_ORDERS = 200;

export const TRANSFER_PREVIEW_PATH = 'transfer/preview';
export const TRANSFER_PATH = 'transfer';
/** `GET transfer/orders?user=…|team=…`: one buyer's or team's completed orders, with the engine's list parameters. */
export const TRANSFER_ORDERS_PATH = 'transfer/orders';

/**
 * The pickers of the transfer page: buyers and teams as those who transfer (SM) may look them up,
 * served by the shop (`references/transfer/users|teams`), since the users' and teams' own pickers
 * need other codes (JU, SO).
 */
export const TRANSFER_USERS: ReferenceTarget = {
  service: 'shop',
  path: 'transfer/users',
  table: 'core.users',
  labelColumn: 'username',
  softDelete: true,
};
export const TRANSFER_TEAMS: ReferenceTarget = {
  service: 'shop',
  path: 'transfer/teams',
  table: 'shop.teams',
  labelColumn: 'name',
  softDelete: true,
};

/** Where the orders go: a buyer, a team, or both (at least one). */
export interface TransferTarget {
  readonly to_user?: number;
  readonly to_team?: number;
}

/** `POST transfer/preview`. */
export interface TransferPreviewBody extends TransferTarget {
  readonly orders: readonly number[];
}

/** `POST transfer`: the preview's body and the version of each order as the preview showed it, by order id. */
export interface TransferBody extends TransferPreviewBody {
  readonly versions: Readonly<Record<string, number>>;
}

/**
 * Why an order cannot move: it does not exist, is deleted, is not completed, would not change (its
 * buyer and team are the target already), or its positions are no longer all held for its buyer.
 */
export const TRANSFER_REFUSALS = ['notFound', 'deleted', 'notCompleted', 'unchanged', 'positionsElsewhere'] as const;
export type TransferRefusal = (typeof TRANSFER_REFUSALS)[number];

/** A user or a team as the preview names them. */
export interface TransferParty {
  readonly id: number;
  readonly label: string;
}

/** One order of a preview: who holds it now, who would, and how many positions go with it. */
export interface TransferPreviewRow {
  readonly order: number;
  /** Null for an order that does not exist. */
  readonly title: string | null;
  readonly version: number | null;
  readonly from_user: TransferParty | null;
  readonly from_team: TransferParty | null;
  readonly to_user: TransferParty | null;
  readonly to_team: TransferParty | null;
  /** Positions reserved or sold for the order that move with it. */
  readonly positions: number;
  readonly refusal: TransferRefusal | null;
}

export interface TransferPreview {
  readonly rows: readonly TransferPreviewRow[];
  /** Orders that would move, and positions with them. */
  readonly movable: number;
  readonly positions: number;
}

/** What `POST transfer` answers: the orders moved, each at its new version, and the positions moved. */
export interface TransferResult {
  readonly orders: readonly { readonly id: number; readonly version: number }[];
  readonly positions: number;
}

/**
 * The audit trail's name for a user's shop history: each transfer writes one entry on the user it
 * left (`transfer-out`) and one on the user it reached (`transfer-in`), keyed by the user's id. The
 * core keeps no history of users itself, so this is that history for the shop. A description only:
 * never mounted as a resource (no table of its own), read by `GET transfer/users/{id}/history`.
 */
export const userShopHistory = defineResource({
  id: 'shop.user-history',
  service: 'shop',
  path: 'transfer/users',
  table: 'core.users',
  titleKey: 'shop:transfer.history.title',
  recordKey: 'shop:fields.user',
  access: { read: 'SM', write: 'SM' },
  fields: [fieldBuilders('shop:fields').reference('user', USERS_REFERENCE, { filter: false })],
  labelField: 'user',
});

export const TRANSFER_OUT = 'transfer-out';
export const TRANSFER_IN = 'transfer-in';

/** What a user's history entry of a transfer holds (its `before` and `after`). */
export interface TransferHistoryValues {
  readonly order: number;
  readonly user: number;
  readonly team: number | null;
  readonly positions: number;
}
