/**
 * `GET graph-version` (FO) → `{ data: GraphVersionNotice }`: the Graph API version the server calls
 * and, when Meta has expired it, expires it within 60 days, or does not list it, the warning in the
 * caller's language (null otherwise). The services screen shows the warning.
 */
export interface GraphVersionNotice {
  readonly version: string;
  readonly warning: string | null;
}
