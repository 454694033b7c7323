import { BASE_MEASURES, RATIO_SCALE, type BaseMeasure } from '../../shared/report';

/*
 * The report's measures as SQL over six summed base columns (`clicks`, `unique_clicks`, `leads`,
 * `sales`, `revenue`, `cost`, all numeric), so both sources compute them with PostgreSQL's exact
 * `numeric` and the formulas live in one place (their definitions: shared/report.ts). Each is cast
 * to text so the driver hands over the digits, never a JavaScript number.
 */

/** `numerator ÷ divisor × factor` rounded to `scale` places, or NULL when the divisor is 0. */
const ratio = (numerator: string, divisor: string, factor: 1 | 100, scale: number): string =>
  `CASE WHEN ${divisor} = 0 THEN NULL ELSE round(${numerator}${factor === 100 ? ' * 100' : ''} / ${divisor}, ${scale})::text END`;

/** The SELECT list of every measure, named as in REPORT_MEASURES, read from a relation exposing the base columns. */
export const MEASURES_SELECT = [
  'clicks::text AS clicks',
  'unique_clicks::text AS unique_clicks',
  'leads::text AS leads',
  'sales::text AS sales',
  'revenue::text AS revenue',
  'cost::text AS cost',
  '(revenue - cost)::text AS profit',
  `${ratio('(revenue - cost)', 'cost', 100, RATIO_SCALE.roi)} AS roi`,
  `${ratio('leads', 'unique_clicks', 100, RATIO_SCALE.cr)} AS cr`,
  `${ratio('revenue', 'clicks', 1, RATIO_SCALE.epc)} AS epc`,
  `${ratio('revenue', 'leads', 1, RATIO_SCALE.epl)} AS epl`,
].join(', ');

const MONEY: readonly BaseMeasure[] = ['revenue', 'cost'];

/** The base columns summed over a group; an empty group sums to 0 (money to 0.00), not NULL. */
export const BASE_SUMS = BASE_MEASURES.map(
  (column) => `coalesce(sum(${column}), ${MONEY.includes(column) ? '0.00' : '0'})::numeric AS ${column}`,
).join(', ');
