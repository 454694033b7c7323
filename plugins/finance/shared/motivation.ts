import { defineResource, fieldBuilders, referenceTo, USERS_REFERENCE, type StatusTone } from '@core/sdk/shared';
import { calculationModelsResource } from './pay-models';
import { divisionsResource, employeesTarget, transactionDraftsTarget, walletsResource } from './resources';

/**
 * Motivation: a month's pay of each employee as their calculation model computes it,
 * reviewed, corrected with a comment and approved. One sheet per month holds a line per employee;
 * approving the sheet creates a payroll transaction draft per paid line and locks the sheet and its
 * lines for good. The department views read payroll from these tables by SQL: the lines'
 * `total_usd` of sheets with `status = 'approved'` (or the draft's, marked as such).
 */

/** A sheet's month, `YYYY-MM`: the same pattern the routes and the page check. */
export const MOTIVATION_MONTH_PATTERN = '^[1-9][0-9]{3}-(0[1-9]|1[0-2])$';

export const MOTIVATION_STATUSES = ['draft', 'approved'] as const;
export type MotivationStatus = (typeof MOTIVATION_STATUSES)[number];
/** The badge colour of each MotivationStatus (a status column). */
export const MOTIVATION_STATUS_TONES = { draft: 'informative', approved: 'success' } as const satisfies Readonly<
  Record<MotivationStatus, StatusTone>
>;

/** A payroll draft's hash: `payroll:<YYYY-MM>:<employee_id>`; the month's drafts share the prefix. */
export const payrollHashPrefix = (month: string): string => `payroll:${month}:`;
export const payrollHash = (month: string, employeeId: number): string => `${payrollHashPrefix(month)}${employeeId}`;
/** Whether a draft's hash is a payroll draft's. */
export const isPayrollHash = (hash: unknown): boolean =>
  typeof hash === 'string' && /^payroll:\d{4}-\d{2}:\d+$/.test(hash);

const field = fieldBuilders('finance:fields');
/** A USD figure of the sheet, to the cent. */
const USD = { scale: 2 } as const;

export const motivationSheetsResource = defineResource({
  id: 'finance.motivation_sheets',
  service: 'finance',
  path: 'motivation-sheets',
  table: 'finance.motivation_sheets',
  titleKey: 'finance:nav.motivation',
  recordKey: 'finance:records.motivationSheet',
  access: { read: 'FE', write: 'FE' },
  fields: [
    field.text('month', {
      required: true,
      unique: true,
      maxLength: 7,
      pattern: MOTIVATION_MONTH_PATTERN,
      patternMessageKey: 'finance:motivation.monthPattern',
      filter: ['eq', 'startsWith'],
    }),
    field.enum('status', MOTIVATION_STATUSES, {
      labelKey: 'finance:fields.motivationStatus',
      tones: MOTIVATION_STATUS_TONES,
      default: 'draft',
      readOnly: true,
    }),
    field.decimal('total_usd', { ...USD, readOnly: true }),
    // The payroll wallet chosen at approval: where the month's drafts were made.
    field.reference('wallet_id', referenceTo(walletsResource), {
      labelKey: 'finance:fields.payrollWallet',
      readOnly: true,
    }),
    // Who approved a month is its history's business: no section of sheets on a user's page.
    field.reference('approved_by', USERS_REFERENCE, { readOnly: true, related: false }),
    field.dateTime('approved_at', { readOnly: true, filter: false }),
    field.dateTime('computed_at', { readOnly: true, filter: false }),
    field.longText('comment'),
  ],
  labelField: 'month',
  defaultSort: { field: 'month', direction: 'desc' },
  rowActions: [
    {
      name: 'compute',
      labelKey: 'finance:motivation.compute',
      requires: 'FE',
      endpoint: 'compute',
      when: { field: 'status', values: ['draft'] },
    },
    // Asks for the payroll wallet first (`{ wallet_id }`), so a screen runs it with a dialog.
    {
      name: 'approve',
      labelKey: 'finance:motivation.approve',
      requires: { allOf: ['FE', 'FF'] },
      endpoint: 'approve',
      when: { field: 'status', values: ['draft'] },
    },
  ],
});

export const motivationLinesResource = defineResource({
  id: 'finance.motivation_lines',
  service: 'finance',
  path: 'motivation-lines',
  table: 'finance.motivation_lines',
  titleKey: 'finance:motivation.lines',
  recordKey: 'finance:records.motivationLine',
  access: { read: 'FE', write: 'FE' },
  fields: [
    field.reference('sheet_id', referenceTo(motivationSheetsResource), {
      labelKey: 'finance:fields.motivationSheet',
      required: true,
    }),
    field.reference('employee_id', employeesTarget, {
      labelKey: 'finance:fields.employee',
      required: true,
      sortable: true,
      related: { order: 40 },
    }),
    field.reference('model_id', referenceTo(calculationModelsResource), {
      labelKey: 'finance:fields.calculationModel',
      readOnly: true,
    }),
    // The employee's division when the month was computed: the department views count the pay there, even after a move.
    field.reference('division_id', referenceTo(divisionsResource), {
      labelKey: 'finance:fields.division',
      readOnly: true,
      list: false,
    }),
    field.decimal('base_usd', { ...USD, readOnly: true }),
    field.decimal('bonus_usd', { ...USD, readOnly: true }),
    field.decimal('computed_usd', { ...USD, readOnly: true }),
    // Negative takes pay away; the line's total never goes below 0.
    field.decimal('correction_usd', { ...USD, default: '0', min: '-100000000', max: '100000000' }),
    field.longText('correction_comment', { list: false }),
    field.decimal('total_usd', { ...USD, readOnly: true }),
    // The computation's rule lines (PayRuleLine[]) as JSON: what the screen explains.
    field.longText('explanation', { readOnly: true, list: false, maxLength: 100000 }),
    field.reference('transaction_draft_id', transactionDraftsTarget, {
      labelKey: 'finance:fields.draft',
      readOnly: true,
    }),
  ],
  labelField: 'employee_id',
  uniqueTogether: [['sheet_id', 'employee_id']],
  defaultSort: { field: 'employee_id', direction: 'asc' },
  // The page reads a month's lines at once: a line per employee with a model.
  pageSizes: [20, 50, 100, 500],
});

/** The motivation resources, after the pay models they refer to. */
export const MOTIVATION_RESOURCES = [motivationSheetsResource, motivationLinesResource] as const;
