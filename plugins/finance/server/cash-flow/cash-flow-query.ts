import { formatMessage } from '@core/sdk/shared';
import { PAGING_PROPERTIES, ROW_ID, validationError } from '@core/sdk/server';
import {
  CASH_FLOW_BASES,
  CASH_FLOW_DIRECTIONS,
  CASH_FLOW_GROUPS,
  CASH_FLOW_MAX_DAYS,
  type CashFlowCellQuery,
  type CashFlowMonth,
  type CashFlowQuery,
} from '../../shared/cash-flow';
import {
  COMMISSIONS_HAVE_NO_ROWS,
  MONTH_OUTSIDE_PERIOD,
  NOT_A_CALENDAR_DAY,
  PERIOD_ENDS_BEFORE_START,
  PERIOD_LONGER_THAN,
} from './messages-ru';
import { daysIn, dayTime, monthsOf } from './period';

const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

const REPORT_PROPERTIES = {
  from: DAY,
  to: DAY,
  group: { type: 'string', enum: CASH_FLOW_GROUPS },
  wallet_id: ROW_ID,
  project_id: ROW_ID,
  division_id: ROW_ID,
  article_id: ROW_ID,
} as const;

/** The query of `GET cash-flow` and `GET cash-flow.csv`: shapes here, the period's rules in `checkPeriod`. */
export const CASH_FLOW_QUERY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', 'group'],
  properties: REPORT_PROPERTIES,
} as const;

/** The query of `GET cash-flow/transactions`: the report's, and which figure. */
export const CASH_FLOW_CELL_QUERY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', 'group', 'basis', 'direction'],
  properties: {
    ...REPORT_PROPERTIES,
    basis: { type: 'string', enum: CASH_FLOW_BASES },
    direction: { type: 'string', enum: CASH_FLOW_DIRECTIONS },
    month: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
    key: { type: 'string', pattern: '^(none|[1-9][0-9]{0,15})$' },
    ...PAGING_PROPERTIES,
  },
} as const;

/** 422 on the field at fault: days that exist, in order, at most CASH_FLOW_MAX_DAYS of them. The period's months. */
export function checkPeriod(query: CashFlowQuery): CashFlowMonth[] {
  const from = dayTime(query.from);
  const to = dayTime(query.to);
  if (from === null) throw validationError({ from: [NOT_A_CALENDAR_DAY] });
  if (to === null) throw validationError({ to: [NOT_A_CALENDAR_DAY] });
  if (to < from) throw validationError({ to: [PERIOD_ENDS_BEFORE_START] });
  if (daysIn(from, to) > CASH_FLOW_MAX_DAYS)
    throw validationError({ to: [formatMessage(PERIOD_LONGER_THAN, { days: CASH_FLOW_MAX_DAYS })] });
  return monthsOf(query.from, query.to);
}

/** The period's rules, a month of the period, and no key on the commissions' one row; the chosen month (if any). */
export function checkCell(query: CashFlowCellQuery): CashFlowMonth | undefined {
  const months = checkPeriod(query);
  if (query.direction === 'commission' && query.key !== undefined)
    throw validationError({ key: [COMMISSIONS_HAVE_NO_ROWS] });
  if (query.month === undefined) return undefined;
  const month = months.find((one) => one.month === query.month);
  if (!month) throw validationError({ month: [MONTH_OUTSIDE_PERIOD] });
  return month;
}
