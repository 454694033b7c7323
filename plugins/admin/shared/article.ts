import { defineResource } from '@core/sdk/shared';

/** Article (admin): an id, a URL and an external number such as 'ERP-321'. */
export interface Article {
  readonly id: number;
  readonly url: string;
  readonly external_id: string;
  readonly created_at: string;
}

export const ARTICLE_CODE = 'JA';

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
    {
      kind: 'url',
      name: 'url',
      labelKey: 'admin:articles.url',
      required: true,
      maxLength: 2048,
      filter: ['contains'],
      sortable: true,
    },
    {
      kind: 'text',
      name: 'external_id',
      labelKey: 'admin:articles.externalId',
      format: 'identifier',
      required: true,
      maxLength: 64,
      unique: true,
      placeholder: 'ERP-321',
      filter: ['eq', 'contains', 'startsWith'],
      sortable: true,
    },
  ],
  labelField: 'external_id',
});
