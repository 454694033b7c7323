import { defineResource, referenceTo, type FieldDefinition, type ReferenceTarget } from '@core/sdk/shared';
import { PAY_MEASURES, PAY_RULE_KINDS, PAY_SCOPES, type PayMeasure, type PayRuleKind } from './pay';
import { divisionsResource, employeesTarget, projectsResource, verticalsResource } from './resources';

/**
 * Calculation models (issue 20): how a person's pay is computed, as data. A model has a validity
 * period and an optional cap on the month's total; its rules (fixed salary, percent, per unit,
 * tiered) each compute one part; employees are assigned models over time. The server checks each
 * rule's combination of kind, measure, source and scope (server/pay-models/rule-checks.ts).
 */

const TEXT_OPS = ['contains', 'eq', 'neq', 'startsWith'] as const;
const RANGE_OPS = ['gte', 'lte', 'eq'] as const;

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

const reference = (
  name: string,
  labelKey: string,
  target: ReferenceTarget,
  extra: Partial<FieldDefinition> = {},
): FieldDefinition =>
  ({ kind: 'reference', name, labelKey, target, filter: ['eq', 'in'], ...extra }) as FieldDefinition;
const capUsd = (labelKey: string): FieldDefinition => ({
  kind: 'decimal',
  name: 'cap_usd',
  labelKey,
  scale: 2,
  min: '0',
  max: '100000000',
  filter: RANGE_OPS,
  sortable: true,
});

export const calculationModelsResource = defineResource({
  id: 'finance.calculation_models',
  service: 'finance',
  path: 'calculation-models',
  table: 'finance.calculation_models',
  titleKey: 'finance:nav.calculationModels',
  recordKey: 'finance:records.calculationModel',
  access: { read: 'FE', write: 'FE' },
  fields: [
    {
      kind: 'text',
      name: 'name',
      labelKey: 'finance:fields.name',
      required: true,
      maxLength: 200,
      unique: true,
      filter: TEXT_OPS,
      sortable: true,
    },
    {
      kind: 'date',
      name: 'valid_from',
      labelKey: 'finance:fields.validFrom',
      required: true,
      filter: RANGE_OPS,
      sortable: true,
    },
    { kind: 'date', name: 'valid_to', labelKey: 'finance:fields.validTo', filter: RANGE_OPS, sortable: true },
    { ...capUsd('finance:fields.modelCapUsd'), hintKey: 'finance:payModels.modelCapHint' } as FieldDefinition,
    { kind: 'longText', name: 'comment', labelKey: 'finance:fields.comment', maxLength: 2000 },
    {
      kind: 'boolean',
      name: 'is_active',
      labelKey: 'finance:fields.isActive',
      default: true,
      filter: ['eq'],
      sortable: true,
    },
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
    reference('model_id', 'finance:fields.calculationModel', modelsTarget, { required: true, sortable: true }),
    {
      kind: 'number',
      name: 'position',
      labelKey: 'finance:fields.rulePosition',
      integer: true,
      min: 0,
      max: 1000,
      default: 0,
      sortable: true,
    },
    {
      kind: 'enum',
      name: 'kind',
      labelKey: 'finance:fields.ruleKind',
      values: PAY_RULE_KINDS,
      required: true,
      filter: ['eq', 'in'],
      sortable: true,
    },
    // The list's rule column says the measure, its source and scope in words, so these are offered in the column chooser only.
    {
      kind: 'enum',
      name: 'measure',
      labelKey: 'finance:fields.payMeasure',
      values: PAY_MEASURES,
      filter: ['eq', 'in'],
      sortable: true,
      list: false,
    },
    {
      kind: 'enum',
      name: 'source',
      labelKey: 'finance:fields.paySource',
      values: PAY_RULE_SOURCES,
      default: 'finance',
      filter: ['eq', 'in'],
      sortable: true,
      list: false,
    },
    {
      kind: 'enum',
      name: 'scope',
      labelKey: 'finance:fields.payScope',
      values: PAY_SCOPES,
      default: 'all',
      filter: ['eq', 'in'],
      sortable: true,
      list: false,
    },
    reference('project_id', 'finance:fields.project', referenceTo(projectsResource), { list: false }),
    reference('vertical_id', 'finance:fields.vertical', referenceTo(verticalsResource), { list: false }),
    reference('division_id', 'finance:fields.division', referenceTo(divisionsResource), { list: false }),
    {
      kind: 'decimal',
      name: 'rate',
      labelKey: 'finance:fields.payRate',
      scale: 4,
      min: '0',
      max: '100000000',
      hintKey: 'finance:payModels.rateHint',
      list: false,
    },
    {
      kind: 'keyValue',
      name: 'tiers',
      labelKey: 'finance:fields.payTiers',
      maxEntries: 20,
      hintKey: 'finance:payModels.tiersHint',
      list: false,
    },
    { ...capUsd('finance:fields.ruleCapUsd'), list: false } as FieldDefinition,
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
    reference('employee_id', 'finance:fields.employee', employeesTarget, { required: true, sortable: true }),
    reference('model_id', 'finance:fields.calculationModel', modelsTarget, { required: true, sortable: true }),
    {
      kind: 'date',
      name: 'date_start',
      labelKey: 'finance:fields.dateStart',
      required: true,
      filter: RANGE_OPS,
      sortable: true,
    },
    { kind: 'date', name: 'date_end', labelKey: 'finance:fields.dateEnd', filter: RANGE_OPS, sortable: true },
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
