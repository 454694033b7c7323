import type {
  BooleanField,
  DateField,
  DecimalField,
  EnumField,
  FieldDefinition,
  FilterOperator,
  KeyValueField,
  MoneyField,
  NumberField,
  ReferenceField,
  ReferenceTarget,
  SecretField,
  StatusTone,
  TextField,
} from './field';

/** What a text, e-mail or URL field is filtered by unless it says otherwise. */
export const TEXT_OPERATORS = ['contains', 'eq', 'neq', 'startsWith'] as const;
/** What a number, an amount or a day is filtered by unless it says otherwise: from, to and exactly. */
export const RANGE_OPERATORS = ['gte', 'lte', 'eq'] as const;
/** What a moment is filtered by unless it says otherwise: an exact instant is never typed, so from and to. */
export const INSTANT_OPERATORS = ['gte', 'lte'] as const;
/** What an enum or a reference is filtered by unless it says otherwise: one value, or any of several. */
export const ANY_OF_OPERATORS = ['eq', 'in'] as const;
/** What a yes/no field is filtered by. */
export const FLAG_OPERATORS = ['eq'] as const;

/** The operators each kind accepts, as types, so a field offering one its kind refuses does not compile. */
type TextOperator = 'eq' | 'contains' | 'neq' | 'startsWith';
type NumberOperator = 'eq' | 'neq' | 'gte' | 'lte';
type DateOperator = 'eq' | 'gte' | 'lte';
type EnumOperator = 'eq' | 'neq' | 'in';

/**
 * What a builder takes besides the name: the field's own properties, with the label key (derived from
 * the name unless given), the filter operators (the kind's usual ones unless given; `false` for none)
 * and `sortable` (`false` for a column that does not sort) made optional.
 */
export type FieldOptions<F extends FieldDefinition, Op extends FilterOperator> = Omit<
  F,
  'kind' | 'name' | 'labelKey' | 'filter' | 'sortable'
> & {
  readonly labelKey?: string;
  readonly filter?: readonly Op[] | false;
  readonly sortable?: boolean;
};

/** An enum's options: its tones and default name only values it has. */
export type EnumOptions<V extends string> = Omit<
  FieldOptions<EnumField, EnumOperator>,
  'values' | 'default' | 'tones'
> & {
  readonly default?: V;
  readonly tones?: Readonly<Partial<Record<V, StatusTone>>>;
};

/** The options every builder reads itself. */
interface LabelFilterSort {
  readonly labelKey?: string;
  readonly filter?: readonly FilterOperator[] | false;
  readonly sortable?: boolean;
}

type Text = FieldOptions<TextField, TextOperator>;
type Numeric = FieldOptions<NumberField, NumberOperator>;
type Exact = FieldOptions<DecimalField, NumberOperator>;

/**
 * One builder per field kind. Each fills the label key `<prefix>.<camelName>` (`unit_price` →
 * `shop:fields.unitPrice`), the filter operators the kind is usually searched by and `sortable`
 * where a column of that kind sorts; the options override any of them and add the rest.
 */
export interface FieldBuilders {
  /** One line of text, at most 200 characters unless `maxLength` says otherwise; filtered as text, sortable. */
  text(name: string, options?: Text): TextField;
  /** A text that names something (an id on another system, a hash): drawn as a code, found by `eq`, sortable. */
  identifier(name: string, options?: Omit<Text, 'format'>): TextField;
  /** Several lines of text, at most 2000 characters unless `maxLength` says otherwise; no filter, not sortable. */
  longText(name: string, options?: Text): TextField;
  /** An e-mail address; filtered as text, sortable. */
  email(name: string, options?: Text): TextField;
  /** An http or https address; filtered as text, sortable. */
  url(name: string, options?: Text): TextField;
  /** A number; filtered by range, sortable. */
  number(name: string, options?: Omit<Numeric, 'integer'>): NumberField;
  /** A whole number (a count, a port); filtered by range, sortable. */
  integer(name: string, options?: Omit<Numeric, 'integer'>): NumberField;
  /** `{ amount, currency }`, the amount a decimal string; filtered by range, sortable. */
  money(name: string, options?: FieldOptions<MoneyField, NumberOperator>): MoneyField;
  /** An exact number that is not money (a rate); filtered by range, sortable. */
  decimal(name: string, options?: Exact): DecimalField;
  /** A percent as a decimal string, 0..100 unless bounded otherwise; filtered by range, sortable. */
  percent(name: string, options?: Exact): DecimalField;
  /** Yes or no; filtered by `eq`, sortable. */
  boolean(name: string, options?: FieldOptions<BooleanField, 'eq'>): BooleanField;
  /** A plain day, `YYYY-MM-DD`; filtered by range, sortable. */
  date(name: string, options?: FieldOptions<DateField, DateOperator>): DateField;
  /** A moment, ISO 8601 with its offset; filtered by from and to, sortable. */
  dateTime(name: string, options?: FieldOptions<DateField, 'gte' | 'lte'>): DateField;
  /** One of `values`; filtered by one or any of several, sortable. */
  enum<const V extends string>(name: string, values: readonly V[], options?: EnumOptions<NoInfer<V>>): EnumField;
  /** The id of a record of `target` (ids with `many`); filtered by one or any of several, not sortable. */
  reference(
    name: string,
    target: ReferenceTarget,
    options?: Omit<FieldOptions<ReferenceField, 'eq' | 'in'>, 'target'>,
  ): ReferenceField;
  /** A map of names to strings (credentials with `secretValues`); never filtered or sorted. */
  keyValue(name: string, options?: FieldOptions<KeyValueField, never>): KeyValueField;
  /** Written, never read back (a password, a token); never filtered or sorted. */
  secret(name: string, options?: FieldOptions<SecretField, never>): SecretField;
}

function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The builders of one plugin's fields, labelled under `labelPrefix` (`'shop:fields'`):
 * `const field = fieldBuilders('shop:fields')`, then `field.text('name', { required: true })`,
 * `field.reference('category_id', referenceTo(categoriesResource))`, `field.enum('status', STATUSES, { tones })`.
 * Each returns the plain field definition the engine reads, so a field written out by hand stays valid beside them.
 */
export function fieldBuilders(labelPrefix: string): FieldBuilders {
  /** The label key, filter and sortable of a field, then the options left as they were given. */
  const common = <O extends LabelFilterSort>(
    name: string,
    usual: { readonly filter?: readonly FilterOperator[]; readonly sortable: boolean },
    options: O,
  ) => {
    const { labelKey, filter, sortable, ...rest } = options;
    const operators = filter === undefined ? usual.filter : filter === false ? undefined : filter;
    return {
      name,
      labelKey: labelKey ?? `${labelPrefix}.${camelCase(name)}`,
      ...(operators === undefined ? {} : { filter: operators }),
      ...((sortable ?? usual.sortable) ? { sortable: true } : {}),
      ...rest,
    };
  };
  const textLike = { filter: TEXT_OPERATORS, sortable: true };
  const range = { filter: RANGE_OPERATORS, sortable: true };
  return {
    text: (name, options = {}) => ({ kind: 'text', maxLength: 200, ...common(name, textLike, options) }),
    identifier: (name, options = {}) => ({
      kind: 'text',
      format: 'identifier',
      maxLength: 200,
      ...common(name, { filter: FLAG_OPERATORS, sortable: true }, options),
    }),
    longText: (name, options = {}) => ({
      kind: 'longText',
      maxLength: 2000,
      ...common(name, { sortable: false }, options),
    }),
    email: (name, options = {}) => ({ kind: 'email', ...common(name, textLike, options) }),
    url: (name, options = {}) => ({ kind: 'url', ...common(name, textLike, options) }),
    number: (name, options = {}) => ({ kind: 'number', ...common(name, range, options) }),
    integer: (name, options = {}) => ({ kind: 'number', integer: true, ...common(name, range, options) }),
    money: (name, options = {}) => ({ kind: 'money', ...common(name, range, options) }),
    decimal: (name, options = {}) => ({ kind: 'decimal', ...common(name, range, options) }),
    percent: (name, options = {}) => ({ kind: 'percent', ...common(name, range, options) }),
    boolean: (name, options = {}) => ({
      kind: 'boolean',
      ...common(name, { filter: FLAG_OPERATORS, sortable: true }, options),
    }),
    date: (name, options = {}) => ({ kind: 'date', ...common(name, range, options) }),
    dateTime: (name, options = {}) => ({
      kind: 'datetime',
      ...common(name, { filter: INSTANT_OPERATORS, sortable: true }, options),
    }),
    enum: (name, values, options = {}) => ({
      kind: 'enum',
      values,
      ...common(name, { filter: ANY_OF_OPERATORS, sortable: true }, options),
    }),
    reference: (name, target, options = {}) => ({
      kind: 'reference',
      target,
      ...common(name, { filter: ANY_OF_OPERATORS, sortable: false }, options),
    }),
    keyValue: (name, options = {}) => ({ kind: 'keyValue', ...common(name, { sortable: false }, options) }),
    secret: (name, options = {}) => ({ kind: 'secret', ...common(name, { sortable: false }, options) }),
  };
}
