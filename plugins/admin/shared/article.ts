/** Article (admin), spec §3: an id, a URL and an external number such as 'ERP-321'. */
export interface Article {
  readonly id: number;
  readonly url: string;
  readonly external_id: string;
  readonly created_at: string;
}

export interface ArticleInput {
  readonly url: string;
  readonly external_id: string;
}

export const ARTICLE_CODE = 'JA';
