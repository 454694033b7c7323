import type { FastifyInstance } from 'fastify';
import type { ListEnvelope } from '@core/shared/envelopes';
import type { Database } from '@core/server/database/database';
import { validationError } from '@core/server/http/api-error';
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
        `SELECT id, url, external_id, created_at FROM admin.articles ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
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
    if (!isHttpUrl(url)) throw validationError({ url: ['The url must be an http or https address.'] });
    // ON CONFLICT rather than check-then-insert: two requests at once cannot both pass a check.
    const { rows } = await db.query<Article & { id: string }>(
      `INSERT INTO admin.articles (url, external_id) VALUES ($1, $2)
       ON CONFLICT (external_id) DO NOTHING RETURNING id, url, external_id, created_at`,
      [url, externalId],
    );
    if (rows.length === 0) throw validationError({ external_id: ['This external id is already taken.'] });
    const row = rows[0] as Article & { id: string };
    return reply.status(201).send({ data: { ...row, id: Number(row.id) } });
  });
}
