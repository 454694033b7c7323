import { defineResource, fieldBuilders } from '@core/sdk/shared';

/** Article (admin): an id, a URL and an external number such as 'ERP-321'. */
export interface Article {
  readonly id: number;
  readonly url: string;
  readonly external_id: string;
  readonly created_at: string;
}

export const ARTICLE_CODE = 'JA';

const field = fieldBuilders('admin:articles');

/**
 * The articles screen as a resource definition. The admin server lists it among its `resources`, so
 * the core resource engine serves `GET articles`, `POST articles`, `PATCH` and `DELETE articles/{id}`
 * over this table.
 */
export const articlesResource = defineResource({
  id: 'admin.articles',
  service: 'auth',
  path: 'articles',
  table: 'admin.articles',
  titleKey: 'admin:articles.title',
  recordKey: 'admin:articles.record',
  access: { read: ARTICLE_CODE, write: ARTICLE_CODE },
  fields: [
    field.url('url', { required: true, maxLength: 2048, filter: ['contains'] }),
    field.identifier('external_id', {
      required: true,
      maxLength: 64,
      unique: true,
      placeholder: 'ERP-321',
      filter: ['eq', 'contains', 'startsWith'],
    }),
  ],
  labelField: 'external_id',
});
