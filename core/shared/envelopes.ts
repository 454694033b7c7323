/** Response shapes shared by the server and the browser (architecture guide, "Envelopes"). */
export interface DataEnvelope<T> {
  readonly data: T;
}

export interface ListPage<T> {
  readonly data: readonly T[];
  readonly current_page: number;
  readonly last_page: number;
  readonly per_page: number;
  readonly total: number;
  /**
   * False when the server stopped counting (a long list): `total` is then the number of rows known
   * to match, a lower bound, and `last_page` the pages they fill. Absent means exact.
   */
  readonly total_exact?: boolean;
}

export type ListEnvelope<T> = DataEnvelope<ListPage<T>>;

/** `errors` may be a string, a list, or field → list of messages: the three shapes servers answer with. */
export type ErrorField = string | readonly string[] | Readonly<Record<string, readonly string[] | string>>;

export interface ErrorEnvelope {
  readonly message?: string;
  readonly errors?: ErrorField;
}
