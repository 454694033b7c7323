import { OPERATORS_BY_KIND, type FieldDefinition, type MoneyField } from '@core/shared/resource/field';
import { USERS_REFERENCE } from '@core/shared/resource/core-references';
import { defineResource } from '@core/shared/resource/definition';
import { fieldBuilders, RANGE_OPERATORS, TEXT_OPERATORS } from '@core/shared/resource/field-builders';
import { describe, expect, expectTypeOf, it } from 'vitest';

const field = fieldBuilders('notes:fields');
const STATUSES = ['open', 'closed'] as const;

describe('field builders', () => {
  it('label a field by its camel-cased name under the prefix, unless given a key', () => {
    expect(field.text('unit_price_2x').labelKey).toBe('notes:fields.unitPrice2x');
    expect(field.text('name', { labelKey: 'notes:other.name' }).labelKey).toBe('notes:other.name');
  });

  it("give each kind its usual operators and sorting, as the plugins' own definitions did", () => {
    const built: readonly FieldDefinition[] = [
      field.text('title', { required: true }),
      field.identifier('code'),
      field.longText('body'),
      field.email('email'),
      field.url('site'),
      field.number('weight'),
      field.integer('count', { min: 0 }),
      field.money('price', { scale: 2 }),
      field.decimal('rate'),
      field.percent('share'),
      field.boolean('pinned'),
      field.date('held_on'),
      field.dateTime('seen_at'),
      field.enum('status', STATUSES, { default: 'open', tones: { open: 'success' } }),
      field.reference('owner_id', USERS_REFERENCE),
      field.keyValue('creds', { secretValues: true }),
      field.secret('password', { maxLength: 256 }),
    ];
    expect(built).toEqual([
      {
        kind: 'text',
        name: 'title',
        labelKey: 'notes:fields.title',
        required: true,
        maxLength: 200,
        filter: ['contains', 'eq', 'neq', 'startsWith'],
        sortable: true,
      },
      {
        kind: 'text',
        name: 'code',
        labelKey: 'notes:fields.code',
        format: 'identifier',
        maxLength: 200,
        filter: ['eq'],
        sortable: true,
      },
      { kind: 'longText', name: 'body', labelKey: 'notes:fields.body', maxLength: 2000 },
      { kind: 'email', name: 'email', labelKey: 'notes:fields.email', filter: TEXT_OPERATORS, sortable: true },
      { kind: 'url', name: 'site', labelKey: 'notes:fields.site', filter: TEXT_OPERATORS, sortable: true },
      { kind: 'number', name: 'weight', labelKey: 'notes:fields.weight', filter: RANGE_OPERATORS, sortable: true },
      {
        kind: 'number',
        name: 'count',
        labelKey: 'notes:fields.count',
        integer: true,
        min: 0,
        filter: ['gte', 'lte', 'eq'],
        sortable: true,
      },
      {
        kind: 'money',
        name: 'price',
        labelKey: 'notes:fields.price',
        scale: 2,
        filter: RANGE_OPERATORS,
        sortable: true,
      },
      { kind: 'decimal', name: 'rate', labelKey: 'notes:fields.rate', filter: RANGE_OPERATORS, sortable: true },
      { kind: 'percent', name: 'share', labelKey: 'notes:fields.share', filter: RANGE_OPERATORS, sortable: true },
      { kind: 'boolean', name: 'pinned', labelKey: 'notes:fields.pinned', filter: ['eq'], sortable: true },
      { kind: 'date', name: 'held_on', labelKey: 'notes:fields.heldOn', filter: RANGE_OPERATORS, sortable: true },
      { kind: 'datetime', name: 'seen_at', labelKey: 'notes:fields.seenAt', filter: ['gte', 'lte'], sortable: true },
      {
        kind: 'enum',
        name: 'status',
        labelKey: 'notes:fields.status',
        values: STATUSES,
        default: 'open',
        tones: { open: 'success' },
        filter: ['eq', 'in'],
        sortable: true,
      },
      {
        kind: 'reference',
        name: 'owner_id',
        labelKey: 'notes:fields.ownerId',
        target: USERS_REFERENCE,
        filter: ['eq', 'in'],
      },
      { kind: 'keyValue', name: 'creds', labelKey: 'notes:fields.creds', secretValues: true },
      { kind: 'secret', name: 'password', labelKey: 'notes:fields.password', maxLength: 256 },
    ]);
    for (const definition of built)
      for (const op of definition.filter ?? []) expect(OPERATORS_BY_KIND[definition.kind]).toContain(op);
  });

  it('leave the filter and sorting out when told, and take other operators', () => {
    const plain = field.text('note', { filter: false, sortable: false });
    expect('filter' in plain).toBe(false);
    expect('sortable' in plain).toBe(false);
    expect(field.text('code', { filter: ['eq'] }).filter).toEqual(['eq']);
    expect(field.reference('owner_id', USERS_REFERENCE, { sortable: true, many: true })).toMatchObject({
      many: true,
      sortable: true,
    });
  });

  it('build definitions the engine accepts', () => {
    const definition = defineResource({
      id: 'notes.notes',
      service: 'notes',
      path: 'notes',
      table: 'notes.notes',
      titleKey: 'notes:nav.notes',
      recordKey: 'notes:records.note',
      access: { read: 'NOTES', write: 'NOTES' },
      fields: [field.text('title', { required: true }), field.secret('token', { maxLength: 100 })],
      labelField: 'title',
    });
    expect(definition.fields.map((built) => built.name)).toEqual(['title', 'token']);
  });

  it('are typed per kind, so a wrong option or operator does not compile', () => {
    expectTypeOf(field.money('price')).toEqualTypeOf<MoneyField>();
    // @ts-expect-error: a text has no numeric bounds
    field.text('title', { min: 1 });
    // @ts-expect-error: a date is not searched by substring
    field.date('held_on', { filter: ['contains'] });
    // @ts-expect-error: a reference is not ordered
    field.reference('owner_id', USERS_REFERENCE, { filter: ['gte'] });
    // @ts-expect-error: the default is one of the values
    field.enum('status', STATUSES, { default: 'gone' });
    // @ts-expect-error: tones name values the enum has
    field.enum('status', STATUSES, { tones: { gone: 'danger' } });
    // @ts-expect-error: a secret is never filtered
    field.secret('token', { filter: ['eq'] });
  });
});
