/**
 * `POST conversion-apis/:id/test-event` (MC) → `{ data: TestEventAnswer }`: one server event sent
 * to `POST /{pixel_id}/events` with the record's test event code, and what the platform answered.
 */
export interface TestEventAnswer {
  /** The event id sent, for deduplication with the browser pixel's event. */
  readonly event_id: string;
  readonly events_received: number | null;
  readonly fbtrace_id: string | null;
  readonly messages: readonly string[];
}
