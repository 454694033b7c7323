import { formatMessage } from '@core/sdk/shared';
import { ROW_ID, validationError } from '@core/sdk/server';
import { REPORT_LEVELS } from '../../shared/resources';
import { groupingsAt, MAX_REPORT_DAYS, REPORT_GROUPINGS, type ReportQuery } from '../../shared/report';
import {
  CAMPAIGN_AT_ACCOUNT_LEVEL,
  GROUPING_BELOW_LEVEL,
  NOT_A_DAY,
  PERIOD_REVERSED,
  PERIOD_TOO_LONG,
} from './messages-ru';

const DAY = '^\\d{4}-\\d{2}-\\d{2}$';

/** The query of `GET report` and `GET report.csv`: shapes here, the rules a schema cannot say in `checkReportQuery`. */
export const REPORT_QUERY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', 'level', 'group'],
  properties: {
    from: { type: 'string', pattern: DAY },
    to: { type: 'string', pattern: DAY },
    level: { type: 'string', enum: REPORT_LEVELS },
    group: { type: 'string', enum: REPORT_GROUPINGS },
    ad_account: ROW_ID,
    campaign: ROW_ID,
  },
} as const;

const DAY_MS = 86_400_000;

/** Milliseconds of a `YYYY-MM-DD` day at midnight UTC, or null when no such day exists (2026-02-30). */
function dayTime(day: string): number | null {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : time;
}

/** 422 on the field at fault: days that exist, in order, at most MAX_REPORT_DAYS of them; a grouping and a filter the level's rows have. */
export function checkReportQuery(query: ReportQuery): void {
  const from = dayTime(query.from);
  const to = dayTime(query.to);
  if (from === null) throw validationError({ from: [NOT_A_DAY] });
  if (to === null) throw validationError({ to: [NOT_A_DAY] });
  if (to < from) throw validationError({ to: [PERIOD_REVERSED] });
  if ((to - from) / DAY_MS + 1 > MAX_REPORT_DAYS)
    throw validationError({ to: [formatMessage(PERIOD_TOO_LONG, { days: MAX_REPORT_DAYS })] });
  const groupings = groupingsAt(query.level);
  if (!groupings.includes(query.group))
    throw validationError({ group: [formatMessage(GROUPING_BELOW_LEVEL, { groupings: groupings.join(', ') })] });
  if (query.campaign !== undefined && query.level === 'account')
    throw validationError({ campaign: [CAMPAIGN_AT_ACCOUNT_LEVEL] });
}
