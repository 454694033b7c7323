import type { DemoContext, OptionalService, Queryable } from '@core/sdk/server';
import type { PerformanceSource } from '@plugins/tracker/server/services';
import { motivationLinesResource, motivationSheetsResource } from '../../shared/motivation';
import { createPayCalculator } from '../pay/pay-calculator';
import { approveSheet } from './approve-sheet';
import { computeSheet } from './compute-sheet';

/**
 * The motivation demo, after the pay models' demo has assigned models: the month before last is
 * computed and approved into the USD operating account (its payroll drafts made), last month is
 * computed and left a draft with its largest line corrected, so the page shows both states. Every
 * write goes through the engine with the demo's author, as the page's own actions do.
 */

/** Demo data is written without a running server, so the tracker's figures are not at hand: its rules say so and a recompute fills them. */
const NO_TRACKER: OptionalService<PerformanceSource> = { get: () => null };

export async function seedMotivationDemo(tx: Queryable, demo: DemoContext): Promise<void> {
  const { rows: months } = await tx.query<{ before_last: string; last: string }>(
    `SELECT to_char(date_trunc('month', current_date) - interval '2 months', 'YYYY-MM') AS before_last,
            to_char(date_trunc('month', current_date) - interval '1 month', 'YYYY-MM') AS last`,
  );
  const { rows: wallets } = await tx.query<{ id: number }>(
    `SELECT id::int AS id FROM finance.wallets WHERE name = 'Main account USD' AND deleted_at IS NULL`,
  );
  const month = months[0];
  const wallet = wallets[0];
  if (!month || !wallet) return;
  const calculator = createPayCalculator(NO_TRACKER);

  const older = await demo.records.createIn(
    tx,
    motivationSheetsResource,
    { month: month.before_last, comment: 'Paid on the 5th' },
    demo.author,
  );
  await computeSheet(tx, demo.records, calculator, { id: older.id, month: month.before_last }, demo.author);
  await approveSheet(tx, demo.records, { id: older.id, month: month.before_last }, wallet.id, demo.author);

  const last = await demo.records.createIn(tx, motivationSheetsResource, { month: month.last }, demo.author);
  await computeSheet(tx, demo.records, calculator, { id: last.id, month: month.last }, demo.author);
  const { rows: largest } = await tx.query<{ id: number }>(
    'SELECT id::int AS id FROM finance.motivation_lines WHERE sheet_id = $1 ORDER BY total_usd DESC, id LIMIT 1',
    [last.id],
  );
  const line = largest[0];
  if (line) {
    const values = { correction_usd: '150.00', correction_comment: 'Release bonus agreed with the CEO' };
    await demo.records.changeIn(tx, motivationLinesResource, line.id, { action: 'update', values }, demo.author);
  }
}
