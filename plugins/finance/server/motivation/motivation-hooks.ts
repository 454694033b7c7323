import { addDecimals, compareDecimals, roundDecimal } from '@core/sdk/shared';
import { ApiError, validationError, type Queryable, type RecordWriter, type ResourceHooks } from '@core/sdk/server';
import { motivationLinesResource, motivationSheetsResource } from '../../shared/motivation';
import { MOTIVATION_MESSAGES } from './messages';

/**
 * The motivation rules the engine runs inside every write (the generic routes and this area's own
 * alike): an approved sheet and its lines are final; a line's total is its computed pay plus its
 * correction, never below 0, and a correction carries its reason; the sheet's total follows its lines.
 */

type Snapshot = Readonly<Record<string, unknown>> | null;

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
const cents = (value: string): string => roundDecimal(value, 2);

async function sheetStatus(tx: Queryable, sheetId: unknown): Promise<string | null> {
  if (typeof sheetId !== 'number') return null;
  // Read without a lock: compute and approve lock the sheet and then its lines, so a line written
  // meanwhile either commits before they read it or waits and then sees the sheet approved.
  const { rows } = await tx.query<{ status: string }>('SELECT status FROM finance.motivation_sheets WHERE id = $1', [
    sheetId,
  ]);
  return rows[0]?.status ?? null;
}

/** The sum of the sheet's line totals, to the cent. */
export async function sheetTotal(tx: Queryable, sheetId: number): Promise<string> {
  const { rows } = await tx.query<{ total: string }>(
    'SELECT round(coalesce(sum(total_usd), 0), 2)::text AS total FROM finance.motivation_lines WHERE sheet_id = $1',
    [sheetId],
  );
  return rows[0]?.total ?? '0.00';
}

const sheetHooks: ResourceHooks = {
  async beforeWrite({ before, values, action }) {
    if (action === 'create') return { status: 'draft', total_usd: '0.00' };
    if (before?.status === 'approved') throw new ApiError(409, MOTIVATION_MESSAGES.approvedSheet);
    if (Object.hasOwn(values, 'month') && values.month !== before?.month)
      throw validationError({ month: [MOTIVATION_MESSAGES.monthStays] });
    return undefined;
  },
};

/** A line's own rules, before the sheet's total follows it. */
const LINE_RULES: ResourceHooks = {
  async beforeWrite({ tx, before, values, next, action }) {
    if ((await sheetStatus(tx, next.sheet_id)) === 'approved')
      throw new ApiError(409, MOTIVATION_MESSAGES.approvedLines);
    if (action === 'delete') return undefined;
    // A client cannot send read-only fields, so a line without a computed amount is not the compute route's.
    if (action === 'create' && values.computed_usd === undefined)
      throw new ApiError(409, MOTIVATION_MESSAGES.linesAreComputed);
    if (before && (next.sheet_id !== before.sheet_id || next.employee_id !== before.employee_id)) {
      throw validationError({
        [next.sheet_id !== before.sheet_id ? 'sheet_id' : 'employee_id']: [MOTIVATION_MESSAGES.lineStaysPut],
      });
    }
    const correction = cents(text(next.correction_usd) ?? '0');
    const total = cents(addDecimals(text(next.computed_usd) ?? '0', correction));
    const comment = text(next.correction_comment)?.trim() ?? '';
    const errors: Record<string, string[]> = {};
    if (compareDecimals(correction, '0') !== 0 && comment === '')
      errors.correction_comment = [MOTIVATION_MESSAGES.commentRequired];
    if (compareDecimals(total, '0') < 0) errors.correction_usd = [MOTIVATION_MESSAGES.belowZero];
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return { correction_usd: correction, total_usd: total };
  },
};

const sheetOf = (snapshot: Snapshot): number | null =>
  typeof snapshot?.sheet_id === 'number' ? snapshot.sheet_id : null;

/**
 * The action the compute route changes lines under. Only that route creates lines (a person cannot
 * send the computed amount), and it sets the sheet's total itself, once for the month: its creates
 * and changes leave the total alone.
 */
export const COMPUTE_ACTION = 'compute';

/** The motivation rules as engine hooks: the sheet's total follows its lines, changed through `records`. */
export function motivationHooks(records: RecordWriter): Readonly<Record<string, ResourceHooks>> {
  const lineHooks: ResourceHooks = {
    ...LINE_RULES,
    async afterWrite({ tx, action, before, after, actorId }) {
      if (action === 'create' || action === COMPUTE_ACTION || text(before?.total_usd) === text(after?.total_usd))
        return;
      const sheetId = sheetOf(after) ?? sheetOf(before);
      if (sheetId === null) return;
      const total = await sheetTotal(tx, sheetId);
      const { rows } = await tx.query<{ total: string }>(
        'SELECT total_usd::text AS total FROM finance.motivation_sheets WHERE id = $1',
        [sheetId],
      );
      if (rows[0] && compareDecimals(rows[0].total, total) === 0) return;
      await records.changeIn(
        tx,
        motivationSheetsResource,
        sheetId,
        { action: 'total', values: { total_usd: total } },
        { id: actorId, language: 'en' },
      );
    },
  };
  return { [motivationSheetsResource.id]: sheetHooks, [motivationLinesResource.id]: lineHooks };
}
