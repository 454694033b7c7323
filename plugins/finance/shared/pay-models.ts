import { defineResource, fieldBuilders, referenceTo } from '@core/sdk/shared';
import { PAY_MEASURES, PAY_RULE_KINDS, PAY_SCOPES, type PayMeasure, type PayRuleKind } from './pay';
import { divisionsResource, employeesTarget, projectsResource, verticalsResource } from './resources';

/**
 * Calculation models: how a person's pay is computed, as data. A model has a validity
 * period and an optional cap on the month's total; its rules (fixed salary, percent, per unit,
 * tiered) each compute one part; employees are assigned models over time. The server checks each
 * rule's combination of kind, measure, source and scope (server/pay-models/rule-checks.ts).
 */

/** Where a rule's measure is read: finance's own transactions, or the tracker plugin's report. */
export const PAY_RULE_SOURCES = ['finance', 'tracker'] as const;
export type PayRuleSource = (typeof PAY_RULE_SOURCES)[number];

/** Measures in US dollars: what percent and tiered rules take. */
export const MONEY_MEASURES: readonly PayMeasure[] = ['profit', 'revenue', 'spend'];
/** Measures that count: what per-unit rules take, only from the tracker. */
export const COUNT_MEASURES: readonly PayMeasure[] = ['leads', 'sales'];

/** The measures each kind of rule accepts; the fixed salary takes none. */
export const MEASURES_OF_KIND: Readonly<Record<PayRuleKind, readonly PayMeasure[]>> = {
  fixed_salary: [],
  percent: MONEY_MEASURES,
  tiered: MONEY_MEASURES,
  per_unit: COUNT_MEASURES,
};

/** A scope's id field: the one a rule of that scope must name (and the only one). */
export const SCOPE_FIELDS = { project: 'project_id', vertical: 'vertical_id', division: 'division_id' } as const;
export const SCOPE_ID_FIELDS = Object.values(SCOPE_FIELDS);

const field = fieldBuilders('finance:fields');
/** A cap on a month's pay in USD; none: no cap. */
const CAP_USD = { scale: 2, min: '0', max: '100000000' } as const;

export const calculationModelsResource = defineResource({
  id: 'finance.calculation_models',
  service: 'finance',
  path: 'calculation-models',
  table: 'finance.calculation_models',
  titleKey: 'finance:nav.calculationModels',
  recordKey: 'finance:records.calculationModel',
  access: { read: 'FE', write: 'FE' },
  fields: [
    field.text('name', { required: true, unique: true }),
    field.date('valid_from', { required: true }),
    field.date('valid_to'),
    field.decimal('cap_usd', {
      ...CAP_USD,
      labelKey: 'finance:fields.modelCapUsd',
      hintKey: 'finance:payModels.modelCapHint',
    }),
    field.longText('comment'),
    field.boolean('is_active', { default: true }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});

const modelsTarget = referenceTo(calculationModelsResource);

export const calculationModelRulesResource = defineResource({
  id: 'finance.calculation_model_rules',
  service: 'finance',
  path: 'calculation-model-rules',
  table: 'finance.calculation_model_rules',
  titleKey: 'finance:nav.calculationModelRules',
  recordKey: 'finance:records.calculationModelRule',
  access: { read: 'FE', write: 'FE' },
  fields: [
    field.reference('model_id', modelsTarget, {
      labelKey: 'finance:fields.calculationModel',
      required: true,
      sortable: true,
    }),
    field.integer('position', {
      labelKey: 'finance:fields.rulePosition',
      min: 0,
      max: 1000,
      default: 0,
      filter: false,
    }),
    field.enum('kind', PAY_RULE_KINDS, { labelKey: 'finance:fields.ruleKind', required: true }),
    // The list's rule column says the measure, its source and scope in words, so these are offered in the column chooser only.
    field.enum('measure', PAY_MEASURES, { labelKey: 'finance:fields.payMeasure', list: false }),
    field.enum('source', PAY_RULE_SOURCES, { labelKey: 'finance:fields.paySource', default: 'finance', list: false }),
    field.enum('scope', PAY_SCOPES, { labelKey: 'finance:fields.payScope', default: 'all', list: false }),
    field.reference('project_id', referenceTo(projectsResource), { labelKey: 'finance:fields.project', list: false }),
    field.reference('vertical_id', referenceTo(verticalsResource), {
      labelKey: 'finance:fields.vertical',
      list: false,
    }),
    field.reference('division_id', referenceTo(divisionsResource), {
      labelKey: 'finance:fields.division',
      list: false,
    }),
    field.decimal('rate', {
      labelKey: 'finance:fields.payRate',
      scale: 4,
      min: '0',
      max: '100000000',
      hintKey: 'finance:payModels.rateHint',
      list: false,
      filter: false,
      sortable: false,
    }),
    field.keyValue('tiers', {
      labelKey: 'finance:fields.payTiers',
      maxEntries: 20,
      hintKey: 'finance:payModels.tiersHint',
      list: false,
    }),
    field.decimal('cap_usd', { ...CAP_USD, labelKey: 'finance:fields.ruleCapUsd', list: false }),
  ],
  labelField: 'kind',
  defaultSort: { field: 'position', direction: 'asc' },
});

export const employeeModelsResource = defineResource({
  id: 'finance.employee_models',
  service: 'finance',
  path: 'employee-models',
  table: 'finance.employee_models',
  titleKey: 'finance:nav.employeeModels',
  recordKey: 'finance:records.employeeModel',
  access: { read: 'FE', write: 'FE' },
  fields: [
    field.reference('employee_id', employeesTarget, {
      labelKey: 'finance:fields.employee',
      required: true,
      sortable: true,
    }),
    field.reference('model_id', modelsTarget, {
      labelKey: 'finance:fields.calculationModel',
      required: true,
      sortable: true,
    }),
    field.date('date_start', { required: true }),
    field.date('date_end'),
  ],
  labelField: 'date_start',
  defaultSort: { field: 'date_start', direction: 'desc' },
});

/** Pay models' resources, in the order their tables are created (models before what refers to them). */
export const PAY_MODEL_RESOURCES = [
  calculationModelsResource,
  calculationModelRulesResource,
  employeeModelsResource,
] as const;
