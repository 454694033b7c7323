import type { FieldIssue, InputIssues } from './resource/validation';

/**
 * What a user keeps about how the app looks to them, on the server so it follows them to another
 * browser: the dashboard's widget layout and each list's saved views. Every kind has a strict shape,
 * checked by the server on write and by the browser on read (a value written by an older version
 * that no longer fits is treated as never saved).
 */

/** The dashboard's widgets, by contribution id: the order the user chose and the ones they hid. */
export interface DashboardLayout {
  readonly order: readonly string[];
  readonly hidden: readonly string[];
}

/** A named list view: the list's URL parameters (page left out) and its visible columns in order. */
export interface SavedListView {
  readonly name: string;
  readonly params: Readonly<Record<string, string>>;
  /** Null: the list's default columns. */
  readonly columns: readonly string[] | null;
}

export interface SavedListViews {
  readonly views: readonly SavedListView[];
}

export const DASHBOARD_PREFERENCE = 'dashboard';
const LIST_VIEWS_PREFIX = 'list-views.';

export type PreferenceKey = typeof DASHBOARD_PREFERENCE | `list-views.${string}`;
export type PreferenceValue<K extends PreferenceKey> = K extends typeof DASHBOARD_PREFERENCE
  ? DashboardLayout
  : SavedListViews;

export const MAX_DASHBOARD_WIDGETS = 100;
export const MAX_WIDGET_ID_LENGTH = 200;
export const MAX_SAVED_VIEWS = 30;
export const MAX_VIEW_NAME_LENGTH = 60;
export const MAX_VIEW_PARAMS = 60;
export const MAX_VIEW_PARAM_LENGTH = 500;
export const MAX_VIEW_COLUMNS = 200;

const RESOURCE_ID = /^[a-z][a-z0-9_-]*\.[a-z][a-z0-9_.-]*$/;
const PARAM_NAME = /^[a-z][a-z0-9_]*(\[[a-z][a-z0-9_]*\]\[[a-zA-Z]+\])?$/;
const COLUMN_NAME = /^[a-z][a-z0-9_]*$/;

/** The list-views key of a resource. */
export function listViewsKey(resourceId: string): PreferenceKey {
  return `${LIST_VIEWS_PREFIX}${resourceId}`;
}

/** The resource a list-views key names, or null for any other key. */
export function listViewsResource(key: string): string | null {
  if (!key.startsWith(LIST_VIEWS_PREFIX)) return null;
  const id = key.slice(LIST_VIEWS_PREFIX.length);
  return RESOURCE_ID.test(id) ? id : null;
}

export function isPreferenceKey(key: string): key is PreferenceKey {
  return key === DASHBOARD_PREFERENCE || listViewsResource(key) !== null;
}

type Checked<T> =
  | { readonly value: T; readonly issues?: undefined }
  | { readonly value?: undefined; readonly issues: InputIssues };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const issue = (path: string, found: FieldIssue): InputIssues => ({ [path]: [found] });

/** Unknown keys of `value` besides `allowed`, as issues under `path.<key>`. */
function unknownKeys(value: Record<string, unknown>, allowed: readonly string[], path: string): InputIssues | null {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  return extra === undefined ? null : issue(`${path}.${extra}`, { code: 'unknown' });
}

function stringList(
  value: unknown,
  path: string,
  options: { max: number; item: (text: string) => FieldIssue | null },
): Checked<string[]> {
  if (!Array.isArray(value)) return { issues: issue(path, { code: 'type' }) };
  if (value.length > options.max) return { issues: issue(path, { code: 'entries', params: { max: options.max } }) };
  for (const [index, item] of value.entries()) {
    if (typeof item !== 'string') return { issues: issue(`${path}.${index}`, { code: 'type' }) };
    const found = options.item(item);
    if (found) return { issues: issue(`${path}.${index}`, found) };
  }
  if (new Set(value).size !== value.length) return { issues: issue(path, { code: 'unique' }) };
  return { value: value as string[] };
}

const widgetId = (text: string): FieldIssue | null =>
  text.length === 0
    ? { code: 'required' }
    : text.length > MAX_WIDGET_ID_LENGTH
      ? { code: 'maxLength', params: { max: MAX_WIDGET_ID_LENGTH } }
      : null;

function checkDashboard(value: unknown): Checked<DashboardLayout> {
  if (!isObject(value)) return { issues: issue('value', { code: 'type' }) };
  const extra = unknownKeys(value, ['order', 'hidden'], 'value');
  if (extra) return { issues: extra };
  const order = stringList(value.order, 'value.order', { max: MAX_DASHBOARD_WIDGETS, item: widgetId });
  if (order.issues) return order;
  const hidden = stringList(value.hidden, 'value.hidden', { max: MAX_DASHBOARD_WIDGETS, item: widgetId });
  if (hidden.issues) return hidden;
  return { value: { order: order.value, hidden: hidden.value } };
}

function checkView(value: unknown, path: string): Checked<SavedListView> {
  if (!isObject(value)) return { issues: issue(path, { code: 'type' }) };
  const extra = unknownKeys(value, ['name', 'params', 'columns'], path);
  if (extra) return { issues: extra };
  const { name, params, columns } = value;
  if (typeof name !== 'string')
    return { issues: issue(`${path}.name`, { code: name === undefined ? 'required' : 'type' }) };
  const trimmed = name.trim();
  if (trimmed.length === 0) return { issues: issue(`${path}.name`, { code: 'required' }) };
  if (trimmed.length > MAX_VIEW_NAME_LENGTH)
    return { issues: issue(`${path}.name`, { code: 'maxLength', params: { max: MAX_VIEW_NAME_LENGTH } }) };
  if (!isObject(params))
    return { issues: issue(`${path}.params`, { code: params === undefined ? 'required' : 'type' }) };
  const entries = Object.entries(params);
  if (entries.length > MAX_VIEW_PARAMS)
    return { issues: issue(`${path}.params`, { code: 'entries', params: { max: MAX_VIEW_PARAMS } }) };
  for (const [param, text] of entries) {
    if (!PARAM_NAME.test(param) || param === 'page')
      return { issues: issue(`${path}.params`, { code: 'unknown', params: { name: param } }) };
    if (typeof text !== 'string') return { issues: issue(`${path}.params`, { code: 'type' }) };
    if (text.length > MAX_VIEW_PARAM_LENGTH)
      return { issues: issue(`${path}.params`, { code: 'maxLength', params: { max: MAX_VIEW_PARAM_LENGTH } }) };
  }
  let checkedColumns: string[] | null = null;
  if (columns !== null) {
    const list = stringList(columns, `${path}.columns`, {
      max: MAX_VIEW_COLUMNS,
      item: (text) => (COLUMN_NAME.test(text) ? null : { code: 'pattern' }),
    });
    if (list.issues) return list;
    checkedColumns = list.value;
  }
  return { value: { name: trimmed, params: params as Record<string, string>, columns: checkedColumns } };
}

function checkListViews(value: unknown): Checked<SavedListViews> {
  if (!isObject(value)) return { issues: issue('value', { code: 'type' }) };
  const extra = unknownKeys(value, ['views'], 'value');
  if (extra) return { issues: extra };
  if (!Array.isArray(value.views))
    return { issues: issue('value.views', { code: value.views === undefined ? 'required' : 'type' }) };
  if (value.views.length > MAX_SAVED_VIEWS)
    return { issues: issue('value.views', { code: 'entries', params: { max: MAX_SAVED_VIEWS } }) };
  const views: SavedListView[] = [];
  for (const [index, item] of value.views.entries()) {
    const view = checkView(item, `value.views.${index}`);
    if (view.issues) return view;
    if (views.some((other) => other.name.toLowerCase() === view.value.name.toLowerCase()))
      return { issues: issue(`value.views.${index}.name`, { code: 'unique' }) };
    views.push(view.value);
  }
  return { value: { views } };
}

/** The value in its canonical shape (names trimmed), or what is wrong with it, by JSON path. */
export function checkPreference<K extends PreferenceKey>(key: K, value: unknown): Checked<PreferenceValue<K>> {
  return (key === DASHBOARD_PREFERENCE ? checkDashboard(value) : checkListViews(value)) as Checked<PreferenceValue<K>>;
}
