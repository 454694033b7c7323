import {
  defineResource,
  referenceTo,
  USERS_REFERENCE,
  type FieldDefinition,
  type ReferenceTarget,
  type StatusTone,
} from '@core/sdk/shared';
import { calculationModelsResource } from './pay-models';
import { divisionsResource, employeesTarget, transactionDraftsTarget, walletsResource } from './resources';

/**
 * Motivation (issue 20): a month's pay of each employee as their calculation model computes it,
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

const RANGE_OPS = ['gte', 'lte', 'eq'] as const;
const reference = (
  name: string,
  labelKey: string,
  target: ReferenceTarget,
  extra: Partial<FieldDefinition> = {},
): FieldDefinition =>
  ({ kind: 'reference', name, labelKey, target, filter: ['eq', 'in'], ...extra }) as FieldDefinition;
const usd = (name: string, labelKey: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({ kind: 'decimal', name, labelKey, scale: 2, filter: RANGE_OPS, sortable: true, ...extra }) as FieldDefinition;

export const motivationSheetsResource = defineResource({
  id: 'finance.motivation_sheets',
  service: 'finance',
  path: 'motivation-sheets',
  table: 'finance.motivation_sheets',
  titleKey: 'finance:nav.motivation',
  recordKey: 'finance:records.motivationSheet',
  access: { read: 'FE', write: 'FE' },
  fields: [
    {
      kind: 'text',
      name: 'month',
      labelKey: 'finance:fields.month',
      required: true,
      unique: true,
      maxLength: 7,
      pattern: MOTIVATION_MONTH_PATTERN,
      patternMessageKey: 'finance:motivation.monthPattern',
      filter: ['eq', 'startsWith'],
      sortable: true,
    },
    {
      kind: 'enum',
      name: 'status',
      labelKey: 'finance:fields.motivationStatus',
      values: MOTIVATION_STATUSES,
      tones: MOTIVATION_STATUS_TONES,
      default: 'draft',
      readOnly: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    usd('total_usd', 'finance:fields.totalUsd', { readOnly: true }),
    // The payroll wallet chosen at approval: where the month's drafts were made.
    reference('wallet_id', 'finance:fields.payrollWallet', referenceTo(walletsResource), { readOnly: true }),
    // Who approved a month is its history's business: no section of sheets on a user's page.
    reference('approved_by', 'finance:fields.approvedBy', USERS_REFERENCE, { readOnly: true, related: false }),
    { kind: 'datetime', name: 'approved_at', labelKey: 'finance:fields.approvedAt', readOnly: true, sortable: true },
    { kind: 'datetime', name: 'computed_at', labelKey: 'finance:fields.computedAt', readOnly: true, sortable: true },
    { kind: 'longText', name: 'comment', labelKey: 'finance:fields.comment', maxLength: 2000 },
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
    reference('sheet_id', 'finance:fields.motivationSheet', referenceTo(motivationSheetsResource), { required: true }),
    reference('employee_id', 'finance:fields.employee', employeesTarget, {
      required: true,
      sortable: true,
      related: { order: 40 },
    }),
    reference('model_id', 'finance:fields.calculationModel', referenceTo(calculationModelsResource), {
      readOnly: true,
    }),
    // The employee's division when the month was computed: the department views count the pay there, even after a move.
    reference('division_id', 'finance:fields.division', referenceTo(divisionsResource), {
      readOnly: true,
      list: false,
    }),
    usd('base_usd', 'finance:fields.baseUsd', { readOnly: true }),
    usd('bonus_usd', 'finance:fields.bonusUsd', { readOnly: true }),
    usd('computed_usd', 'finance:fields.computedUsd', { readOnly: true }),
    // Negative takes pay away; the line's total never goes below 0.
    usd('correction_usd', 'finance:fields.correctionUsd', { default: '0', min: '-100000000', max: '100000000' }),
    {
      kind: 'longText',
      name: 'correction_comment',
      labelKey: 'finance:fields.correctionComment',
      maxLength: 2000,
      list: false,
    },
    usd('total_usd', 'finance:fields.totalUsd', { readOnly: true }),
    // The computation's rule lines (PayRuleLine[]) as JSON: what the screen explains.
    {
      kind: 'longText',
      name: 'explanation',
      labelKey: 'finance:fields.explanation',
      readOnly: true,
      list: false,
      maxLength: 100000,
    },
    reference('transaction_draft_id', 'finance:fields.draft', transactionDraftsTarget, { readOnly: true }),
  ],
  labelField: 'employee_id',
  uniqueTogether: [['sheet_id', 'employee_id']],
  defaultSort: { field: 'employee_id', direction: 'asc' },
  // The page reads a month's lines at once: a line per employee with a model.
  pageSizes: [20, 50, 100, 500],
});

/** The motivation resources, after the pay models they refer to. */
export const MOTIVATION_RESOURCES = [motivationSheetsResource, motivationLinesResource] as const;
