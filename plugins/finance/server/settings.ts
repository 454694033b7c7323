import { defineSetting, type SettingDefinition } from '@core/sdk/server';

/**
 * How deep the spreadsheet-table tree may go. A root table is level 1, its children level 2, and
 * so on; no table may sit below this level, refused with the spec's Validation rules message
 * 'Max nesting level is reached'.
 */
export const MAX_NESTING_LEVEL = defineSetting({
  type: 'integer',
  key: 'finance.googleTables.maxNestingLevel',
  labelKey: 'finance:settings.maxNestingLevel',
  description: 'The deepest level of the spreadsheet-table tree (a root table is level 1).',
  default: 3,
  min: 1,
  max: 20,
});

/** The system settings the finance plugin reads. */
export const FINANCE_SYSTEM_SETTINGS: readonly SettingDefinition[] = [MAX_NESTING_LEVEL];
