import { formatMessage } from '@core/sdk/shared';
import { validationError, type Queryable, type ResourceHooks } from '@core/sdk/server';
import {
  calculationModelRulesResource,
  calculationModelsResource,
  employeeModelsResource,
} from '../../shared/pay-models';
import { PAY_MODEL_MESSAGES as M } from './pay-model-messages';
import { assertRuleCombination } from './rule-checks';

/*
 * The calculation models' engine hooks (inside each write's transaction):
 * - a model's validity ends on or after its start, and a changed validity still holds every
 *   assignment of the model;
 * - a rule's kind, measure, source, scope, rate and tiers fit together (rule-checks.ts); rules of a
 *   model in use stay editable, since the motivation sheet keeps its own results;
 * - an employee's assignments never overlap (both ends included, no end is open), and each lies
 *   inside its model's validity; a new model must be active.
 */

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
/** An open end, shown alike in every language. */
const until = (day: string | null): string => day ?? '…';

interface Period {
  readonly from: string;
  readonly to: string | null;
}

/** Locks the model (so its validity and its assignments change one at a time) and reads it. */
async function lockedModel(tx: Queryable, modelId: number): Promise<(Period & { readonly active: boolean }) | null> {
  const { rows } = await tx.query<{ from: string; to: string | null; active: boolean | null }>(
    `SELECT to_char(valid_from, 'YYYY-MM-DD') AS from, to_char(valid_to, 'YYYY-MM-DD') AS to, is_active AS active
       FROM finance.calculation_models WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [modelId],
  );
  const row = rows[0];
  return row ? { from: row.from, to: row.to, active: row.active !== false } : null;
}

const modelHooks: ResourceHooks = {
  async beforeWrite({ tx, id, next, action }) {
    if (action === 'delete') return undefined;
    const from = text(next.valid_from);
    const to = text(next.valid_to);
    if (from !== null && to !== null && to < from) throw validationError({ valid_to: [M.validToBeforeFrom] });
    if (id === null || from === null) return undefined;
    const { rows } = await tx.query<{ from: string; to: string | null }>(
      `SELECT to_char(date_start, 'YYYY-MM-DD') AS from, to_char(date_end, 'YYYY-MM-DD') AS to FROM finance.employee_models
        WHERE model_id = $1 AND (date_start < $2::date OR coalesce(date_end, 'infinity'::date) > coalesce($3::date, 'infinity'::date))
        ORDER BY date_start LIMIT 1`,
      [id, from, to],
    );
    const outside = rows[0];
    if (outside) {
      const field = outside.from < from ? 'valid_from' : 'valid_to';
      throw validationError({
        [field]: [formatMessage(M.assignmentOutside, { from: outside.from, until: until(outside.to) })],
      });
    }
    return undefined;
  },
};

const ruleHooks: ResourceHooks = {
  async beforeWrite({ next, action }) {
    if (action !== 'delete') assertRuleCombination(next);
    return undefined;
  },
};

async function assertAssignmentFits(
  tx: Queryable,
  id: number | null,
  employeeId: number,
  modelId: number,
  period: Period,
  newModel: boolean,
): Promise<void> {
  if (period.to !== null && period.to < period.from) throw validationError({ date_end: [M.endBeforeStart] });
  const model = await lockedModel(tx, modelId);
  if (model === null) throw validationError({ model_id: [M.modelGone] });
  if (newModel && !model.active) throw validationError({ model_id: [M.modelInactive] });
  if (period.from < model.from)
    throw validationError({ date_start: [formatMessage(M.beforeModel, { from: model.from })] });
  if (model.to !== null && (period.to === null || period.to > model.to))
    throw validationError({ date_end: [formatMessage(M.afterModel, { until: model.to })] });
  // Two assignments of one employee written at once must not both pass the check.
  await tx.query('SELECT id FROM finance.employees WHERE id = $1 FOR UPDATE', [employeeId]);
  const { rows } = await tx.query<{ from: string; to: string | null }>(
    `SELECT to_char(date_start, 'YYYY-MM-DD') AS from, to_char(date_end, 'YYYY-MM-DD') AS to FROM finance.employee_models
      WHERE employee_id = $1 AND id IS DISTINCT FROM $2::bigint
        AND date_start <= coalesce($4::date, 'infinity'::date) AND $3::date <= coalesce(date_end, 'infinity'::date)
      ORDER BY date_start LIMIT 1`,
    [employeeId, id, period.from, period.to],
  );
  const clash = rows[0];
  if (clash)
    throw validationError({
      date_start: [formatMessage(M.overlapsAssignment, { from: clash.from, until: until(clash.to) })],
    });
}

const assignmentHooks: ResourceHooks = {
  async beforeWrite({ tx, id, before, next, action }) {
    if (action === 'delete') return undefined;
    const employee = next.employee_id;
    const model = next.model_id;
    const from = text(next.date_start);
    if (typeof employee !== 'number' || typeof model !== 'number' || from === null) return undefined;
    await assertAssignmentFits(tx, id, employee, model, { from, to: text(next.date_end) }, before?.model_id !== model);
    return undefined;
  },
};

export const PAY_MODEL_HOOKS: Readonly<Record<string, ResourceHooks>> = {
  [calculationModelsResource.id]: modelHooks,
  [calculationModelRulesResource.id]: ruleHooks,
  [employeeModelsResource.id]: assignmentHooks,
};
