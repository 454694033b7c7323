import { compareDecimals, type FieldValue, type ResourceRecord } from '@core/sdk/shared';
import type { Actor, EachChange, Queryable, RecordWriter } from '@core/sdk/server';
import { motivationLinesResource, motivationSheetsResource } from '../../shared/motivation';
import type { PayComputation } from '../../shared/pay';
import type { PayCalculator } from '../pay/pay-calculator';
import { COMPUTE_ACTION, sheetTotal } from './motivation-hooks';

/**
 * A draft sheet's lines brought in step with the month's computation: a line per employee with a
 * model, an existing line updated only where the computation changed (its correction and comment
 * kept), the lines of employees no longer covered removed; then the sheet's total and `computed_at`
 * are set, once for the month, which is why lines are changed under the `compute` action (the line
 * hooks leave the sheet's total to it, as they do on create). Each kind of write is one set-based engine write. The
 * caller holds the draft sheet's lock.
 */

interface StoredLine {
  readonly id: number;
  readonly employee_id: number;
  readonly division_id: number | null;
  readonly model_id: number | null;
  readonly base_usd: string;
  readonly bonus_usd: string;
  readonly computed_usd: string;
  readonly explanation: string | null;
}

const computedValues = (computation: PayComputation, divisionId: number | null): Record<string, FieldValue> => ({
  model_id: computation.model_id,
  division_id: divisionId,
  base_usd: computation.base_usd,
  bonus_usd: computation.bonus_usd,
  computed_usd: computation.total_usd,
  explanation: JSON.stringify(computation.lines),
});

function changed(line: StoredLine, computation: PayComputation, divisionId: number | null): boolean {
  return (
    line.model_id !== computation.model_id ||
    line.division_id !== divisionId ||
    compareDecimals(line.base_usd, computation.base_usd) !== 0 ||
    compareDecimals(line.bonus_usd, computation.bonus_usd) !== 0 ||
    compareDecimals(line.computed_usd, computation.total_usd) !== 0 ||
    line.explanation !== JSON.stringify(computation.lines)
  );
}

/** Each employee's division now, which the month's line keeps. */
async function divisionsOf(tx: Queryable, employeeIds: readonly number[]): Promise<ReadonlyMap<number, number | null>> {
  const { rows } = await tx.query<{ id: number; division_id: number | null }>(
    'SELECT id::int AS id, division_id::int AS division_id FROM finance.employees WHERE id = ANY($1::bigint[])',
    [employeeIds],
  );
  return new Map(rows.map((row) => [row.id, row.division_id]));
}

async function computeLines(
  tx: Queryable,
  records: RecordWriter,
  calculator: PayCalculator,
  sheet: { id: number; month: string },
  actor: Actor,
): Promise<void> {
  const { rows } = await tx.query<StoredLine>(
    `SELECT id::int AS id, employee_id::int AS employee_id, model_id::int AS model_id, division_id::int AS division_id, base_usd::text AS base_usd,
            bonus_usd::text AS bonus_usd, computed_usd::text AS computed_usd, explanation
       FROM finance.motivation_lines WHERE sheet_id = $1 ORDER BY id FOR UPDATE`,
    [sheet.id],
  );
  const stored = new Map(rows.map((line) => [line.employee_id, line]));
  const computations = await calculator.computeMonth(tx, sheet.month);
  const divisions = await divisionsOf(
    tx,
    computations.map((computation) => computation.employee_id),
  );
  const created: Record<string, FieldValue>[] = [];
  const changes: EachChange[] = [];
  for (const computation of computations) {
    const line = stored.get(computation.employee_id);
    stored.delete(computation.employee_id);
    const division = divisions.get(computation.employee_id) ?? null;
    if (!line)
      created.push({
        sheet_id: sheet.id,
        employee_id: computation.employee_id,
        correction_usd: '0.00',
        ...computedValues(computation, division),
      });
    else if (changed(line, computation, division))
      changes.push({ id: line.id, values: computedValues(computation, division) });
  }
  await records.createManyIn(tx, motivationLinesResource, created, actor);
  await records.changeEachIn(tx, motivationLinesResource, changes, { action: COMPUTE_ACTION }, actor);
  const gone = [...stored.values()].map((line) => line.id);
  if (gone.length > 0) await records.removeManyIn(tx, motivationLinesResource, { ids: gone }, actor);
}

export async function computeSheet(
  tx: Queryable,
  records: RecordWriter,
  calculator: PayCalculator,
  sheet: { id: number; month: string },
  actor: Actor,
): Promise<ResourceRecord> {
  await computeLines(tx, records, calculator, sheet, actor);
  const values = { total_usd: await sheetTotal(tx, sheet.id), computed_at: new Date().toISOString() };
  return records.changeIn(tx, motivationSheetsResource, sheet.id, { action: COMPUTE_ACTION, values }, actor);
}
