/**
 * `GET /api/tracker/bizdev-day-caps?ids=<request ids>` (TR): each request's day beside that day's
 * limit, so the requests list can show the limit and what remains next to each request. The list
 * asks for the ids of the page it shows.
 */
export const BIZDEV_DAY_CAPS_PATH = 'bizdev-day-caps';

/** The most request ids one call takes: the largest page of the requests list. */
export const BIZDEV_DAY_CAPS_MAX_IDS = 100;

export interface BizdevDayCap {
  readonly request: number;
  readonly tracker: number;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** The day's limit in leads; null when none is set (nothing can be approved then). */
  readonly limit: number | null;
  /** The caps of the day's approved requests, added up. */
  readonly approved: number;
  /** What can still be approved that day; null without a limit. */
  readonly remaining: number | null;
}
