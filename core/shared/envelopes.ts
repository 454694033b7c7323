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
}

export type ListEnvelope<T> = DataEnvelope<ListPage<T>>;

/** `errors` may be a string, a list, or field → list of messages (spec §8). */
export type ErrorField = string | readonly string[] | Readonly<Record<string, readonly string[] | string>>;

export interface ErrorEnvelope {
  readonly message?: string;
  readonly errors?: ErrorField;
}
