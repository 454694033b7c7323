import type { FastifyInstance } from 'fastify';
import type { DataEnvelope, ListEnvelope } from '@core/shared/envelopes';
import type { Database } from '@core/server/database/database';
import { notFound, validationError, type FieldErrors } from '@core/server/http/api-error';
import { ID_PARAMS, type IdParams } from './http';
import { ARTICLE_CODE, type Article, type ArticleInput } from '../shared/article';

const MAX_PER_PAGE = 100;
// Far beyond any real list, and small enough that the offset stays a safe SQL integer.
const MAX_PAGE = 1_000_000;

const listSchema = {
  querystring: {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
      per_page: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: 20 },
    },
  },
} as const;

const createSchema = {
  body: {
    type: 'object',
    required: ['url', 'external_id'],
    additionalProperties: false,
    properties: {
      url: { type: 'string', minLength: 1, maxLength: 2048 },
      external_id: { type: 'string', minLength: 1, maxLength: 64 },
    },
  },
} as const;

const updateSchema = {
  params: ID_PARAMS,
  body: { ...createSchema.body, required: [], minProperties: 1 },
} as const;

const INVALID_URL = 'The url must be an http or https address.';
const TAKEN = 'This external id is already taken.';
const COLUMNS = 'id, url, external_id, created_at';

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function articlesRoutes(app: FastifyInstance, db: Database): void {
  const access = { requires: ARTICLE_CODE };

  app.get<{ Querystring: { page: number; per_page: number } }>(
    '/articles',
    { schema: listSchema, config: { access } },
    async (request): Promise<ListEnvelope<Article>> => {
      const { page, per_page } = request.query;
      const total = Number((await db.query<{ count: string }>('SELECT count(*) AS count FROM admin.articles')).rows[0]?.count ?? 0);
      const { rows } = await db.query<Article & { id: string }>(
        `SELECT ${COLUMNS} FROM admin.articles ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
        [per_page, (page - 1) * per_page],
      );
      return {
        data: {
          data: rows.map((row) => ({ ...row, id: Number(row.id) })),
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / per_page)),
          per_page,
          total,
        },
      };
    },
  );

  app.post<{ Body: ArticleInput }>('/articles', { schema: createSchema, config: { access } }, async (request, reply) => {
    const url = request.body.url.trim();
    const externalId = request.body.external_id.trim();
    if (!isHttpUrl(url)) throw validationError({ url: [INVALID_URL] });
    // ON CONFLICT rather than check-then-insert: two requests at once cannot both pass a check.
    const { rows } = await db.query<Article & { id: string }>(
      `INSERT INTO admin.articles (url, external_id) VALUES ($1, $2)
       ON CONFLICT (external_id) DO NOTHING RETURNING ${COLUMNS}`,
      [url, externalId],
    );
    if (rows.length === 0) throw validationError({ external_id: [TAKEN] });
    const row = rows[0] as Article & { id: string };
    return reply.status(201).send({ data: { ...row, id: Number(row.id) } });
  });

  app.patch<{ Params: IdParams; Body: Partial<ArticleInput> }>(
    '/articles/:id',
    { schema: updateSchema, config: { access } },
    async (request): Promise<DataEnvelope<Article>> => {
      const { id } = request.params;
      const url = request.body.url?.trim();
      const externalId = request.body.external_id?.trim();
      const errors: FieldErrors = {};
      if (url !== undefined && !isHttpUrl(url)) errors.url = [INVALID_URL];
      if (externalId === '') errors.external_id = ['This field is required.'];
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const { rows } = await db
        .query<Article & { id: string }>(
          `UPDATE admin.articles SET url = COALESCE($2, url), external_id = COALESCE($3, external_id), updated_at = now()
           WHERE id = $1 RETURNING ${COLUMNS}`,
          [id, url ?? null, externalId ?? null],
        )
        .catch((error: unknown) => {
          if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505') throw validationError({ external_id: [TAKEN] });
          throw error;
        });
      const row = rows[0];
      if (!row) throw notFound('Article');
      return { data: { ...row, id: Number(row.id) } };
    },
  );

  app.delete<{ Params: IdParams }>('/articles/:id', { schema: { params: ID_PARAMS }, config: { access } }, async (request) => {
    const { rows } = await db.query('DELETE FROM admin.articles WHERE id = $1 RETURNING id', [request.params.id]);
    if (rows.length === 0) throw notFound('Article');
    return { message: 'Successfully deleted' };
  });
}
