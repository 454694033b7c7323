import type { FastifyInstance } from 'fastify';
import type { DataEnvelope } from '@core/sdk/shared';
import { ApiError, ID_PARAMS, validationError, type IdParams, type ServerPluginContext } from '@core/sdk/server';
import { trackerManifest } from '../../manifest';
import { trackersResource } from '../../shared/resources';
import { CONVERSION_STATUSES, type ConversionStatus, type PostbackUrl } from '../../shared/report';
import { attribute, isProblem } from './attribution';
import type { PostbackSecrets } from './postback-secrets';

/*
 * `GET /api/tracker/postback`: a tracker's S2S postback, one conversion per call. Public, since the
 * tracker signs in nowhere; the tracker's secret in `secret` vouches for it (401 otherwise). The
 * conversion is stored once per click id and tracker: a repeat is answered `duplicate: true` and
 * changes nothing, except that a pending lead may still become a sale or be rejected (the status
 * changes trackers send later). The URL carries the secret, so the route logs nothing below a
 * warning: Fastify's request lines would print the query.
 */

export const POSTBACK_UNAUTHORIZED = 'This postback does not carry the tracker’s secret.';
export const PAYOUT_REQUIRED = 'A lead or a sale needs its payout.';

interface PostbackQuery {
  readonly tracker: number;
  readonly secret: string;
  readonly click_id: string;
  readonly status: ConversionStatus;
  readonly payout?: string;
  readonly offer?: number;
  readonly stream?: number;
  readonly campaign?: string;
  readonly country?: string;
}

/** Money as the statistics table keeps it: at most 16 whole digits and 2 decimals, never negative. */
export const PAYOUT_PATTERN = '^\\d{1,16}(\\.\\d{1,2})?$';

const POSTBACK_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['tracker', 'secret', 'click_id', 'status'],
  properties: {
    tracker: { type: 'integer', minimum: 1 },
    secret: { type: 'string', minLength: 1, maxLength: 100 },
    click_id: { type: 'string', minLength: 1, maxLength: 200, pattern: '^\\S+$' },
    status: { type: 'string', enum: CONVERSION_STATUSES },
    payout: { type: 'string', pattern: PAYOUT_PATTERN },
    offer: { type: 'integer', minimum: 1 },
    stream: { type: 'integer', minimum: 1 },
    campaign: { type: 'string', minLength: 1, maxLength: 200 },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
  },
} as const;

/** What a postback did: the click's stored status, and whether this call was a repeat. */
export interface PostbackReceipt {
  readonly click_id: string;
  readonly status: ConversionStatus;
  readonly duplicate: boolean;
}

/** The counts a conversion of each status adds: a sale is also a lead, a rejection counts nothing. */
const COUNTS: Readonly<Record<ConversionStatus, { leads: number; sales: number }>> = {
  lead: { leads: 1, sales: 0 },
  sale: { leads: 1, sales: 1 },
  rejected: { leads: 0, sales: 0 },
};

/** Stores the conversion, or moves a pending lead on; null when nothing changed (a repeat). */
const UPSERT = `INSERT INTO tracker.statistics
    (day, tracker_id, advertiser_id, offer_id, stream_id, campaign, country, leads, sales, revenue, origin, click_id, status)
  VALUES ($1::date, $2, $3, $4, $5, $6, $7, $8, $9, $10::numeric, 'postback', $11, $12)
  ON CONFLICT (tracker_id, click_id) WHERE click_id IS NOT NULL DO UPDATE
    SET status = EXCLUDED.status, leads = EXCLUDED.leads, sales = EXCLUDED.sales, revenue = EXCLUDED.revenue, updated_at = now()
    WHERE tracker.statistics.status = 'lead' AND EXCLUDED.status <> 'lead'
  RETURNING status`;

export interface PostbackDeps {
  readonly secrets: PostbackSecrets;
  /** Today's day (`YYYY-MM-DD`, UTC), the day a conversion is counted on. */
  readonly today: () => string;
  /** The product's public origin for the postback URL; the request's own when not configured. */
  readonly publicUrl: string | null;
}

async function liveTracker(context: ServerPluginContext, id: number): Promise<boolean> {
  const { rows } = await context.db.query(
    `SELECT 1 FROM ${trackersResource.table} WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return rows.length > 0;
}

export function postbackRoutes(app: FastifyInstance, context: ServerPluginContext, deps: PostbackDeps): void {
  app.get<{ Querystring: PostbackQuery }>(
    '/postback',
    { config: { access: { public: true, webhook: true } }, schema: { querystring: POSTBACK_QUERY }, logLevel: 'warn' },
    async (request): Promise<DataEnvelope<PostbackReceipt>> => {
      const query = request.query;
      if (!(await deps.secrets.matches(query.tracker, query.secret))) throw new ApiError(401, POSTBACK_UNAUTHORIZED);
      if (!(await liveTracker(context, query.tracker))) throw context.routes.notFound();
      if (query.status !== 'rejected' && query.payout === undefined)
        throw validationError({ payout: [PAYOUT_REQUIRED] });
      const found = await attribute(context.db, {
        offerId: query.offer ?? null,
        streamId: query.stream ?? null,
        campaign: query.campaign ?? null,
      });
      if (isProblem(found)) throw validationError({ [found.field]: [found.message] });
      const counts = COUNTS[query.status];
      const revenue = query.status === 'rejected' ? '0' : (query.payout ?? '0');
      const { rows } = await context.db.query<{ status: ConversionStatus }>(UPSERT, [
        deps.today(),
        query.tracker,
        found.advertiserId,
        found.offerId,
        found.streamId,
        found.campaign,
        query.country ?? null,
        counts.leads,
        counts.sales,
        revenue,
        query.click_id,
        query.status,
      ]);
      if (rows[0]) return { data: { click_id: query.click_id, status: rows[0].status, duplicate: false } };
      const stored = await context.db.query<{ status: ConversionStatus }>(
        'SELECT status FROM tracker.statistics WHERE tracker_id = $1 AND click_id = $2',
        [query.tracker, query.click_id],
      );
      return { data: { click_id: query.click_id, status: stored.rows[0]?.status ?? query.status, duplicate: true } };
    },
  );

  // Keitaro fills {subid}, {status} and {payout} in a postback URL; the rest is fixed per tracker.
  app.get<{ Params: IdParams }>(
    '/trackers/:id/postback-url',
    { config: { access: { requires: trackersResource.access.write } }, schema: { params: ID_PARAMS } },
    async (request): Promise<DataEnvelope<PostbackUrl>> => {
      const id = request.params.id;
      if (!(await liveTracker(context, id))) throw context.routes.notFound();
      const origin = deps.publicUrl ?? `${request.protocol}://${request.host}`;
      const secret = await deps.secrets.forTracker(id);
      const query = `tracker=${id}&secret=${encodeURIComponent(secret)}&click_id={subid}&status={status}&payout={payout}`;
      return { data: { url: `${origin}/api/${trackerManifest.service}/postback?${query}` } };
    },
  );
}
