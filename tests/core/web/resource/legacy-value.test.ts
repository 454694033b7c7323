import { expect, it } from 'vitest';
import { localeFormat } from '@core/shared/format/locale-format';
import { definitionProblems, type ResourceDefinition, type ResourceRecord } from '@core/shared/resource/definition';
import type { ReferenceField } from '@core/shared/resource/field';
import { formatValue, type Formatter } from '@core/web/resource/format-value';

/*
 * A reference that was free text (`legacyField`): while it is empty, a list reads the text it kept,
 * marked as not in the list; a picked value reads as its label.
 */

const group: ReferenceField = {
  kind: 'reference',
  name: 'group',
  labelKey: 'x:group',
  legacyField: 'group_legacy',
  target: { service: 'finance', path: 'verticals', table: 'finance.verticals', labelColumn: 'name' },
};
const offers: ResourceDefinition = {
  id: 'tracker.offers',
  service: 'tracker',
  path: 'offers',
  table: 'tracker.offers',
  titleKey: 'x:offers',
  recordKey: 'x:offer',
  access: { read: 'TO', write: 'TO' },
  labelField: 'name',
  fields: [
    { kind: 'text', name: 'name', labelKey: 'x:name' },
    group,
    { kind: 'text', name: 'group_legacy', labelKey: 'x:legacy', readOnly: true },
  ],
};
const i18n: Formatter = {
  t: (key, options) => `${key} ${JSON.stringify(options)}`,
  format: localeFormat('en'),
} as Formatter;
const record = (values: Record<string, unknown>): ResourceRecord =>
  ({ id: 1, version: 1, ...values }) as ResourceRecord;

it('reads an empty reference as the text it kept, marked as not in the list, and a picked one as its label', () => {
  expect(formatValue(group, null, i18n, record({ group: null, group_legacy: 'Crypto' }))).toBe(
    'core:resource.value.notInList {"value":"Crypto"}',
  );
  expect(formatValue(group, null, i18n, record({ group: null, group_legacy: null }))).toBe('');
  expect(formatValue(group, 3, i18n, record({ group: 3, group_legacy: null, _labels: { group: 'Nutra' } }))).toBe(
    'Nutra',
  );
});

it('takes a legacyField only when it names a read-only text field, on a single reference', () => {
  expect(definitionProblems(offers)).toEqual([]);
  const problem = [
    'tracker.offers: reference "group": legacyField must name a read-only text field, on a single reference',
  ];
  const writable = {
    ...offers,
    fields: offers.fields.map((field) => (field.name === 'group_legacy' ? { ...field, readOnly: false } : field)),
  };
  expect(definitionProblems(writable)).toEqual(problem);
  expect(definitionProblems({ ...offers, fields: [offers.fields[0]!, { ...group, legacyField: 'nothing' }] })).toEqual(
    problem,
  );
  expect(
    definitionProblems({
      ...offers,
      fields: offers.fields.map((field) => (field.name === 'group' ? { ...group, many: true } : field)),
    }),
  ).toEqual(problem);
});
