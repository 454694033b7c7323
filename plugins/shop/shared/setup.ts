import type { ResourceRecord } from '@core/sdk/shared';

/*
 * The setup queue's actions (setting up products, code SS): `POST setup-tasks/{id}/take|done|fail`
 * with `{ version, comment? }`. Wire types both sides read; the server is plugins/shop/server/setup.
 */

export const SETUP_COMMENT_MAX = 2000;

/** The three actions, by their endpoint (the definition's row actions of the same names). */
export const SETUP_ACTIONS = ['take', 'done', 'fail'] as const;
export type SetupAction = (typeof SETUP_ACTIONS)[number];

export interface SetupActionBody {
  /** The task's version as the list showed it. */
  readonly version: number;
  /** Not taken by `take`; optional for `done`; required (not blank) for `fail`. */
  readonly comment?: string;
}

/**
 * What became of the buyer's message once a task finished: sent through the team's bot, or why
 * not: the order's buyer has no Telegram chat the shop knows (`no-chat`), the team has no bot or
 * the bot cannot send (`no-bot`), no messenger delivery runs (`unavailable`), or Telegram refused
 * (`failed`). The task is finished either way.
 */
export const NOTICE_OUTCOMES = ['sent', 'no-chat', 'no-bot', 'unavailable', 'failed'] as const;
export type NoticeOutcome = (typeof NOTICE_OUTCOMES)[number];

/** The answer of an action: the task as it is now, and (done and fail only) the buyer's notice. */
export interface SetupActionAnswer {
  readonly data: ResourceRecord;
  readonly notice: NoticeOutcome | null;
}
