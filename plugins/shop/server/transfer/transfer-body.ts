import { ROW_ID, validationError } from '@core/sdk/server';
import { TRANSFER_MAX_ORDERS, type TransferBody, type TransferPreviewBody } from '../../shared/transfer';

export const TARGET_REQUIRED = 'Choose the user or the team to transfer to.';
export const ORDERS_REPEATED = 'Name each order once.';
export const VERSION_MISSING = 'Send the version of order #{order} as the preview showed it.';
export const VERSION_UNKNOWN = 'A version was sent for order #{order}, which is not being transferred.';

const TARGET_PROPERTIES = {
  orders: { type: 'array', minItems: 1, maxItems: TRANSFER_MAX_ORDERS, items: ROW_ID },
  to_user: ROW_ID,
  to_team: ROW_ID,
} as const;

/** `POST transfer/preview`: the orders, and where they would go. */
export const PREVIEW_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['orders'],
  properties: TARGET_PROPERTIES,
} as const;

/** `POST transfer`: the same, with each order's version keyed by its id. */
export const TRANSFER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['orders', 'versions'],
  properties: {
    ...TARGET_PROPERTIES,
    versions: {
      type: 'object',
      maxProperties: TRANSFER_MAX_ORDERS,
      propertyNames: { pattern: '^[1-9][0-9]{0,15}$' },
      additionalProperties: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    },
  },
} as const;

/** What the schema cannot say: a target, and every order once. */
export function checkPreviewBody(body: TransferPreviewBody): void {
  if (body.to_user === undefined && body.to_team === undefined)
    throw validationError({ to_user: [TARGET_REQUIRED], to_team: [TARGET_REQUIRED] });
  if (new Set(body.orders).size !== body.orders.length) throw validationError({ orders: [ORDERS_REPEATED] });
}

/** The preview's checks, and exactly one version for each order named. */
export function checkTransferBody(body: TransferBody): Map<number, number> {
  checkPreviewBody(body);
  const versions = new Map(Object.entries(body.versions).map(([id, version]) => [Number(id), version]));
  const missing = body.orders.find((order) => !versions.has(order));
  if (missing !== undefined) throw validationError({ versions: [VERSION_MISSING.replace('{order}', String(missing))] });
  const stray = [...versions.keys()].find((order) => !body.orders.includes(order));
  if (stray !== undefined) throw validationError({ versions: [VERSION_UNKNOWN.replace('{order}', String(stray))] });
  return versions;
}
