import type { Queryable, SpreadsheetCell, UsersService } from '@core/sdk/server';

/** The sheet the orders go to, in the team's spreadsheet; it must exist there. */
export const ORDERS_SHEET = 'Orders';

/** The first row of an export into an empty sheet: the columns below. */
export const ORDER_COLUMNS = [
  'Order',
  'Created (UTC)',
  'Product',
  'Quantity',
  'Delivered',
  'Value',
  'Currency',
  'Status',
  'User',
  'Campaign group',
  'Vertical',
  'Source',
];

interface OrderRow {
  readonly id: string;
  readonly created: string;
  readonly product: string | null;
  readonly quantity: string;
  readonly count: string;
  readonly value: string | null;
  readonly value_currency: string | null;
  readonly status: string;
  readonly user: string | null;
  readonly campaign_group: string | null;
  readonly vertical: string | null;
  readonly source: string;
}

/**
 * The team's orders after `afterId`, oldest first, as sheet rows: exact amounts as text (a sheet
 * must not round money), quantities as numbers, each user by the users service's label. Deleted
 * orders are left out.
 */
export async function orderRowsAfter(
  db: Queryable,
  users: UsersService,
  teamId: number,
  afterId: number,
  limit: number,
): Promise<{ rows: SpreadsheetCell[][]; lastId: number | null }> {
  const { rows } = await db.query<OrderRow>(
    `SELECT o.id::text, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS created, p.name AS product,
            o.quantity::text, o.count::text, o.value::text, o.value_currency, o.status, o."user"::text AS user,
            o.campaign_group, o.vertical, o.source
       FROM shop.orders o
       LEFT JOIN shop.products p ON p.id = o.product
      WHERE o.team = $1 AND o.id > $2 AND o.deleted_at IS NULL
      ORDER BY o.id
      LIMIT $3`,
    [teamId, afterId, limit],
  );
  const labels = await users.labels(
    db,
    rows.flatMap((row) => (row.user === null ? [] : [Number(row.user)])),
  );
  return {
    rows: rows.map((row) => [
      Number(row.id),
      row.created,
      row.product ?? '',
      Number(row.quantity),
      Number(row.count),
      row.value ?? '',
      row.value_currency ?? '',
      row.status,
      row.user === null ? '' : (labels.get(Number(row.user)) ?? ''),
      row.campaign_group ?? '',
      row.vertical ?? '',
      row.source,
    ]),
    lastId: rows.length === 0 ? null : Number(rows.at(-1)?.id),
  };
}
